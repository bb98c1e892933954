// lakeFS asks for a business address in the setup's communication preferences and refuses the big free-mail
// providers; a short list of the common ones is enough to behave the same.
const freeMailDomains = new Set([
  '163.com',
  'aol.com',
  'gmail.com',
  'gmx.com',
  'hotmail.com',
  'icloud.com',
  'live.com',
  'mail.ru',
  'outlook.com',
  'proton.me',
  'protonmail.com',
  'qq.com',
  'yahoo.com',
  'yandex.ru',
]);

export const freeMailMessage = 'please use a business email address';

export function isFreeMailAddress(email: string): boolean {
  const at = email.lastIndexOf('@');
  return at >= 0 && freeMailDomains.has(email.slice(at + 1).trim().toLowerCase());
}
