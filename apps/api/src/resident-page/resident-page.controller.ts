import { Body, Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CreateServiceRequest, ResidentLinks, SetCustomerLanguage, UpdatePreferences } from '@curbside/application';
import { RESIDENT_PAGE_PATH } from '@curbside/contract';
import { SERVICE_REQUEST_MAX_LENGTHS } from '@curbside/codecs';
import type { Id, RequestRefusal, SelectionUpdate, ServiceRequest } from '@curbside/domain';
import { CustomerRepository } from '@curbside/persistence';
import type { Eta } from 'eta';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiExcludeController } from '../openapi/openapi-decorators';
import { Clock, RateLimits } from '../platform';
import { requestFingerprint } from '../service-requests/idempotency-key';
import type { PageLanguage } from '@curbside/messages';
import { PageWords, type WordKey, type Words } from './page-words';
import { formTokenOf, isFormTokenOf, sessionCookie, sessionCookieOf } from './page-session';
import { optionValue, PageViews, REQUEST_KINDS, type FieldError, type FormState, type RequestKind } from './page-view';
import { RESIDENT_PAGE_OPTIONS, type ResidentPageOptions } from './resident-page.options';
import { PAGE_TEMPLATES, PAGE_WORDS } from './resident-page.tokens';
import { stylesheet } from './views';

/** Who changed a thing through the page: the `modified_by` of op 10 and the `created_by` of §9 (CONTRACT §12). */
const RESIDENT = 'RESIDENT';

/** The confirmations a change redirects to, by what changed. */
const DONE = { 'missed-pickup': 'done.missed', 'extra-pickup': 'done.extra', reminders: 'done.reminders', language: 'done.language' } as const;
type Change = keyof typeof DONE;

type Form = Record<string, unknown>;

/** A page request with a working session: whose page, its session token, and its language. */
interface Visit {
  customerId: Id;
  sessionToken: string;
  language: PageLanguage;
  words: Words;
  query: string;
}

/**
 * A resident's own page (CONTRACT §12): a door like the API, with a link's session instead of
 * credentials. It reads through the application and changes only through the API's own use
 * cases (preferences as op 10, requests as §9, by RESIDENT). Every answer is an HTML page; a
 * link or session that does not work is one and the same 404 page, whatever the reason.
 */
@ApiExcludeController()
@Controller(RESIDENT_PAGE_PATH)
export class ResidentPageController {
  private readonly css: string;

  constructor(
    @Inject(RESIDENT_PAGE_OPTIONS) private readonly options: ResidentPageOptions,
    @Inject(PAGE_TEMPLATES) private readonly templates: Eta,
    @Inject(PAGE_WORDS) private readonly words: PageWords,
    private readonly links: ResidentLinks,
    private readonly views: PageViews,
    private readonly createRequest: CreateServiceRequest,
    private readonly updatePreferences: UpdatePreferences,
    private readonly setLanguage: SetCustomerLanguage,
    private readonly customers: CustomerRepository,
    private readonly rateLimits: RateLimits,
    private readonly clock: Clock,
  ) {
    this.css = stylesheet(options.brandColor);
  }

  @Get('style.css')
  async style(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (await this.limited(request, reply)) return;
    void reply.type('text/css; charset=utf-8').send(this.css);
  }

  @Get()
  async page(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const visit = await this.visit(request, reply);
    if (visit === null) return;
    this.send(reply, visit.language, 200, 'page', await this.views.page(visit.customerId, this.frameOf(visit), formTokenOf(visit.sessionToken)));
  }

  @Get('done')
  async done(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Query('change') change: unknown, @Query('ticket') ticket: unknown): Promise<void> {
    const visit = await this.visit(request, reply);
    if (visit === null) return;
    if (typeof change !== 'string' || !(change in DONE)) return this.notFound(request, reply);
    const key = DONE[change as Change];
    const ticketId = typeof ticket === 'string' && /^\d{1,20}$/.test(ticket) ? ticket : '';
    const frame = this.views.frame(this.frameOf(visit), visit.words.text('done.title'));
    this.send(reply, visit.language, 200, 'done', { ...frame, doneHtml: visit.words.html(key, { ticket: ticketId }) });
  }

  /** The link of an email: a working one opens a session and leaves the address bar (303 to /my). */
  @Get(':token')
  async open(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Param('token') token: string): Promise<void> {
    if (await this.limited(request, reply)) return;
    const now = this.clock.now();
    const session = await this.links.open(token, now);
    if (session === null) return this.notFound(request, reply);
    const secure = this.options.publicBaseUrl.startsWith('https:');
    void reply.header('Set-Cookie', sessionCookie(session.token, session.expires, now, secure)).redirect(RESIDENT_PAGE_PATH, 303);
  }

  @Post('reminders')
  async reminders(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Body() body: Form): Promise<void> {
    const visit = await this.formVisit(request, reply, body);
    if (visit === null) return;
    // The values are the stored ones (a link never changes an address or a number); only on and off come from the form.
    const changed = (await this.views.reminders(visit.customerId))
      .filter((reminder) => (body[reminder.id] === 'on' || body[reminder.id] === 'off') && (body[reminder.id] === 'on') !== reminder.on)
      .map(({ id, category, channel, type, value }): SelectionUpdate => ({ category, channel, type, value, optIn: body[id] === 'on' }));
    if (changed.length > 0) await this.updatePreferences.execute(visit.customerId, changed, RESIDENT);
    this.redirectDone(reply, visit, 'reminders');
  }

  /** The language as §11 sets it (modified by RESIDENT); the page follows it from then on. */
  @Post('language')
  async language(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Body() body: Form): Promise<void> {
    const visit = await this.formVisit(request, reply, body);
    if (visit === null) return;
    const asked = typeof body.language === 'string' ? body.language : '';
    const outcome = await this.setLanguage.execute({ customerId: visit.customerId, language: asked, offered: this.options.languages, modifiedBy: RESIDENT });
    if (outcome.kind === 'set') return this.redirectDone(reply, { ...visit, query: '' }, 'language');
    const errors = [{ field: 'language', html: visit.words.html('error.language') }];
    return this.refuse(reply, visit, { kind: 'language', choice: null, comments: '', errors });
  }

  @Post(':kind')
  async request(@Req() request: FastifyRequest, @Res() reply: FastifyReply, @Param('kind') kind: string, @Body() body: Form): Promise<void> {
    if (!(kind in REQUEST_KINDS)) {
      if (await this.limited(request, reply)) return;
      return this.notFound(request, reply);
    }
    const visit = await this.formVisit(request, reply, body);
    if (visit === null) return;
    await this.makeRequest(reply, visit, kind as RequestKind, body);
  }

  private async makeRequest(reply: FastifyReply, visit: Visit, kind: RequestKind, body: Form): Promise<void> {
    const form: FormState = { kind, choice: typeof body.choice === 'string' ? body.choice : null, comments: typeof body.comments === 'string' ? body.comments : '', errors: [] };
    const request = this.requestOf(visit, kind, form);
    if (form.errors.length > 0 || request === null) return this.refuse(reply, visit, form);
    const requestKey = typeof body.request_key === 'string' ? body.request_key.slice(0, 64) : '';
    const outcome = await this.createRequest.execute({
      customerId: visit.customerId,
      clientId: RESIDENT,
      request,
      today: this.clock.today(),
      now: this.clock.localNow(),
      instant: this.clock.now(),
      extraPickupsPerMonth: this.options.extraPickupsPerMonth,
      idempotency: null,
      // The form's own key with what it asks: the same form sent again is answered with the first ticket.
      formKey: requestKey === '' ? null : `${requestKey}:${requestFingerprint(visit.customerId, request)}`,
    });
    if (outcome.kind === 'created') return this.redirectDone(reply, visit, kind, outcome.ticket.id);
    if (outcome.kind === 'replayed' && 'ticket' in outcome.earlier) return this.redirectDone(reply, visit, kind, outcome.earlier.ticket.id);
    if (outcome.kind === 'refused') form.errors.push(refusalError(visit.words, kind, outcome.refusal));
    else form.errors.push({ field: `${kind}-choice`, html: visit.words.html('error.OUT_OF_WINDOW') });
    return this.refuse(reply, visit, form);
  }

  /** The request a form asks for, or null with its errors added to `form`. */
  private requestOf(visit: Visit, kind: RequestKind, form: FormState): ServiceRequest | null {
    const words = visit.words;
    const [serviceId, date] = (form.choice ?? '').split('|');
    if (form.choice === null || serviceId === undefined || date === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(date) || optionValue({ serviceId, date }) !== form.choice) {
      form.errors.push({ field: `${kind}-choice`, html: words.html('error.choose') });
    }
    const max = SERVICE_REQUEST_MAX_LENGTHS.comments;
    if (form.comments.length > max) form.errors.push({ field: `${kind}-comments`, html: words.html('error.comments', { max }) });
    if (form.errors.length > 0 || serviceId === undefined || date === undefined) return null;
    const comments = form.comments.trim();
    return { type: REQUEST_KINDS[kind], serviceId, date, comments: comments === '' ? null : comments, requestedBy: null };
  }

  /** 422: the page again, with the error summary and the fields at fault; nothing was written. */
  private async refuse(reply: FastifyReply, visit: Visit, form: FormState): Promise<void> {
    const data = await this.views.page(visit.customerId, this.frameOf(visit), formTokenOf(visit.sessionToken), form);
    this.send(reply, visit.language, 422, 'page', data);
  }

  private redirectDone(reply: FastifyReply, visit: Visit, change: Change, ticketId?: Id): void {
    const query = new URLSearchParams({ change, ...(ticketId === undefined ? {} : { ticket: ticketId }) });
    const lang = new URLSearchParams(visit.query.slice(1)).get('lang');
    if (lang !== null) query.set('lang', lang);
    void reply.redirect(`${RESIDENT_PAGE_PATH}/done?${query.toString()}`, 303);
  }

  /** A form's visit: a working session (else 404) whose form token the form carries (else 403, nothing changed). */
  private async formVisit(request: FastifyRequest, reply: FastifyReply, body: Form): Promise<Visit | null> {
    const visit = await this.visit(request, reply);
    if (visit === null) return null;
    if (isFormTokenOf((body ?? {}).form_token, visit.sessionToken)) return visit;
    const lang = visit.language;
    this.send(reply, lang, 403, 'notice', this.notice(lang, 'forbidden.title', 'forbidden.body'));
    return null;
  }

  /** The visit of a page request with a working session; else it answered (429 or the 404 page) and null. */
  private async visit(request: FastifyRequest, reply: FastifyReply): Promise<Visit | null> {
    if (await this.limited(request, reply)) return null;
    const token = sessionCookieOf(request.headers.cookie);
    const session = token === null ? null : await this.links.session(token, this.clock.now());
    if (token === null || session === null) {
      this.notFound(request, reply);
      return null;
    }
    const lang = (request.query as Record<string, unknown>).lang;
    const customer = await this.customers.find(session.customerId);
    const language = this.words.language({ query: lang, customerLanguage: customer?.language, acceptLanguage: request.headers['accept-language'] });
    const query = typeof lang === 'string' && language.language.toLowerCase() === lang.toLowerCase() ? `?lang=${encodeURIComponent(language.language)}` : '';
    return { customerId: session.customerId, sessionToken: token, language, words: this.words.in(language.language), query };
  }

  private frameOf(visit: Visit) {
    return { words: visit.words, query: visit.query };
  }

  /** True when the address is over the page's limit: the 429 page with Retry-After was sent. */
  private async limited(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const wait = await this.rateLimits.admitResidentPage(request.ip);
    if (wait === null) return false;
    void reply.header('Retry-After', String(wait));
    const language = this.headerLanguage(request);
    this.send(reply, language, 429, 'notice', this.notice(language, 'busy.title', 'busy.body'));
    return true;
  }

  /** One and the same page for every link or session that does not work (CONTRACT §12), in Accept-Language's language. */
  private notFound(request: FastifyRequest, reply: FastifyReply): void {
    const language = this.headerLanguage(request);
    this.send(reply, language, 404, 'notice', this.notice(language, 'gone.title', 'gone.body'));
  }

  private headerLanguage(request: FastifyRequest): PageLanguage {
    return this.words.language({ acceptLanguage: request.headers['accept-language'] });
  }

  private notice(language: PageLanguage, title: WordKey, text: WordKey): Record<string, unknown> {
    const words = this.words.in(language.language);
    return { ...this.views.frame({ words, query: '' }, words.text(title)), heading: words.html(title), text: words.html(text, { brand: this.options.brandName }) };
  }

  private send(reply: FastifyReply, language: PageLanguage, status: number, template: string, data: Record<string, unknown>): void {
    if (language.fromAcceptLanguage) void reply.header('Vary', 'Accept-Language');
    void reply
      .status(status)
      .header('Content-Language', language.language)
      .type('text/html; charset=utf-8')
      .send(this.templates.render(`@${template}`, data));
  }
}

/** A refusal of §9 as the field it concerns and its message. */
function refusalError(words: Words, kind: RequestKind, refusal: RequestRefusal): FieldError {
  const field = `${kind}-choice`;
  switch (refusal.code) {
    case 'ALREADY_REPORTED':
      return { field, html: words.html('error.ALREADY_REPORTED', { ticket: refusal.ticketId }) };
    case 'LIMIT_REACHED':
      return { field, html: words.html('error.LIMIT_REACHED', { limit: refusal.limit }) };
    case 'NOT_SCHEDULED':
      return { field, html: words.html('error.NOT_SCHEDULED') };
    default:
      return { field, html: words.html('error.OUT_OF_WINDOW') };
  }
}
