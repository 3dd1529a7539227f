import helmet, { type HelmetOptions } from "helmet";

type Headers = Record<string, string>;

/**
 * The security headers helmet sets for these options, worked out once. @fastify/helmet built helmet's middleware again
 * for every request (its CSP directives parsed and checked each time: about 5 % of an app server's CPU in the exam's
 * start burst, decision 053); the headers never change while the server runs (the inline scripts' hashes are read
 * at start-up), so each request is given the same set. Helmet only sets and removes headers for static options like
 * these; a directive given as a function (which would read the request) is refused here.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Headers {
  const directives = Object.values(
    options.contentSecurityPolicy && typeof options.contentSecurityPolicy === "object" ? (options.contentSecurityPolicy.directives ?? {}) : {},
  );
  if (directives.some((d) => typeof d === "function" || (Array.isArray(d) && d.some((v) => typeof v === "function")))) {
    throw new Error("securityHeaders: a CSP directive computed per request cannot be worked out once");
  }
  const headers: Headers = {};
  const res = {
    setHeader(name: string, value: string) {
      headers[name] = value;
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  // Helmet 8 throws a bad option itself; its callback only says it is done.
  helmet(options)({} as never, res as never, () => {});
  return headers;
}
