export { DecodeError, ImportFileError, type FieldIssue, type ImportIssue } from './lib/errors';
export {
  type DateShape,
  dateTimeShape,
  ISO_DATE_SCHEMA,
  isoDateShape,
  parseQueryDate,
  timestampShape,
  usDateShape,
  usDateTimeShape,
  usLongDateShape,
  usLongDateTimeShape,
  noteTimeShape,
  yearMonthShape,
} from './lib/dates';
export type { WireObject, WireValue } from './lib/wire';
export { serviceTicketCodec } from './lib/service-ticket.codec';
export { disposalTicketCodec } from './lib/disposal-ticket.codec';
export { invoiceCodec } from './lib/invoice.codec';
export { caseCodec } from './lib/case.codec';
export { contactCodec } from './lib/contact.codec';
export { SERVICE_REQUEST_MAX_LENGTHS, serviceRequestCodec, type ServiceRequestMember } from './lib/service-request.codec';
export { preferenceCodec, PREFERENCES_UPDATE_MAX_LENGTHS, type PreferencesUpdate } from './lib/preference.codec';
export { LANGUAGE_TAG_MAX_LENGTH, languageCodec, type LanguageUpdate } from './lib/language.codec';
export { serviceCodec } from './lib/service.codec';
export { emailActivityCodec } from './lib/email-activity.codec';
export { issueActivityCodec } from './lib/issue-activity.codec';
export { decodeImportFile, encodeImportFile, ImportFileReader, importRecordLists, type ImportFileOptions, type SeenCustomerIds } from './lib/import-file';
export { type ImportPiece, importPieces, NotJson, NotScanned, scannedPieces } from './lib/import-stream';
export { responses, type ListPage, writtenResponses } from './lib/responses';
export { type ItemsMember, type LeafMember, type MemberShape, type RecordShape, type WrittenBytes, WrittenList } from './lib/written';
export { escapeText as xmlText, parseXml, toXml } from './lib/xml';
export { CALENDAR_MESSAGES, CALENDAR_WEEKS, type CalendarService, customerCalendar, pickupCalendar, type PickupCalendarRequest } from './lib/calendar';
export { pickupCodec, encodeEta } from './lib/pickup.codec';
export { profileCodec } from './lib/profile.codec';
export { noteCodec } from './lib/note.codec';
export { holidayCodec } from './lib/holiday.codec';
export { encodeEquipment, encodeFullCatalog, encodeFullMaterial, encodeOperation } from './lib/service.codec';
export { RESOURCE_CODECS, type ResourceCodec } from './lib/resources';
export { encodeProblem, negotiateProblemFormat, PROBLEM_CONTENT_TYPE, type ProblemCause, type ProblemFormat, problemOf } from './lib/problem.codec';
export { type HolidayCalendar, type NextPickupEntry, scheduleAnswers, type ServiceSchedules } from './lib/schedule-answers';
// The reader a ResourceCodec's `read` is handed: its members are read through it, strictly (CONTRACT §3).
export type { Invalid, ObjectReader, Report, ValueParser } from './lib/reader';
export { type AnswerResource, decodeAnswerRecords } from './lib/answer-records';
export {
  ANSWERS,
  type AnswerName,
  type AnswerReader,
  type CalendarLink,
  decodeAnswer,
  type DecodedAnswer,
  type InvoiceList,
  type PickupStats,
  type UpdateStatus,
} from './lib/answers';
export type { WireForm } from './lib/reader';
export type { DisposalLineViewHead, DisposalMaterials, DisposalPrices, DisposalSurcharges } from './lib/disposal-ticket.codec';
export type { ServiceInvoiceFees, ServicePrices } from './lib/service.codec';
export type { LanguageAnswer } from './lib/language.codec';
