import { Invalid, type ValueParser } from './reader';

/*
 * Email addresses and phone numbers, as every body that sets one checks them (PUT contacts,
 * PUT communication-preferences): a phone number is 7 to 15 digits once spaces, `+`, `-`,
 * `.`, `(` and `)` are removed.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PUNCTUATION = /[\s+\-.()]/g;
const PHONE_DIGITS = /^\d{7,15}$/;

export const isEmailAddress = (value: string): boolean => EMAIL.test(value);

export const isPhoneNumber = (value: string): boolean => PHONE_DIGITS.test(value.replace(PHONE_PUNCTUATION, ''));

export const emailAddress: ValueParser<string> = (value) =>
  isEmailAddress(value) ? value : new Invalid('expected an email address');

export const phoneNumber: ValueParser<string> = (value) =>
  isPhoneNumber(value) ? value : new Invalid('expected a phone number: 7 to 15 digits, with spaces, + - . ( ) allowed');
