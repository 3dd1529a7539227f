/**
 * An error that becomes `{ error: message }` with this status (and `code` beside it when it has one,
 * for refusals the web branches on: decision 015). Throw it from anywhere in a request.
 */
export class HttpError extends Error {
  code: string | undefined;
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
  /** The stable machine-readable code of this refusal. */
  withCode(code: string): this {
    this.code = code;
    return this;
  }
}

export const badRequest = (m: string) => new HttpError(400, m);
export const unauthorized = (m = "Not signed in") => new HttpError(401, m);
export const forbidden = (m = "You do not have permission to do this") => new HttpError(403, m);
export const notFound = (m = "Not found") => new HttpError(404, m);
export const conflict = (m: string) => new HttpError(409, m);
