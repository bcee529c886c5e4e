/** Strict-Transport-Security over HTTPS (both servers): a year, this host only (subdomains are not ours to speak for). */
export const HSTS = 'max-age=31536000';
