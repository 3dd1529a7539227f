/**
 * Text messages to guardians (issue 28) go through one small interface, so a school's provider is one adapter.
 *
 * The adapter here is a generic HTTP gateway, set by two variables:
 *   SMS_URL    the gateway's address (http:// or https://)
 *   SMS_TOKEN  sent as `Authorization: Bearer <SMS_TOKEN>` (optional)
 * Each message is one request: `POST SMS_URL` with `Content-Type: application/json` and the body
 * `{ "to": "+233241234567", "message": "Adesua JHS: Kofi Mensah, …" }`. Any 2xx answer is "sent"; any other answer,
 * a refused connection or no answer within 10 s is "failed", with the reason recorded on the message. Providers with
 * another API (Hubtel, Arkesel, mNotify) are reached through a small relay that takes this request, or a new adapter.
 * With no SMS_URL, nothing is sent: the messages are written to a CSV for the school's own bulk-SMS service.
 */

export interface SmsGateway {
  /** Sends one message; throws an SmsError saying why it was not sent. */
  send(to: string, message: string): Promise<void>;
}

export class SmsError extends Error {}

export type HttpSmsOptions = { url: string; token?: string | null; timeoutMs?: number };

export class HttpSmsGateway implements SmsGateway {
  constructor(private readonly opts: HttpSmsOptions) {}

  async send(to: string, message: string): Promise<void> {
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/plain, */*" };
    if (this.opts.token) headers.authorization = `Bearer ${this.opts.token}`;
    let res: Response;
    try {
      res = await fetch(this.opts.url, {
        method: "POST",
        headers,
        body: JSON.stringify({ to, message }),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
        redirect: "error",
      });
    } catch (e) {
      const err = e as Error & { cause?: { code?: string } };
      if (err.name === "TimeoutError") throw new SmsError(`The SMS gateway did not answer within ${Math.round((this.opts.timeoutMs ?? 10_000) / 1000)} s`);
      throw new SmsError(`The SMS gateway could not be reached (${err.cause?.code ?? err.message})`);
    }
    if (res.ok) {
      await res.body?.cancel().catch(() => {});
      return;
    }
    const text = (await res.text().catch(() => "")).replace(/\s+/g, " ").trim().slice(0, 200);
    throw new SmsError(`The SMS gateway answered ${res.status}${text ? `: ${text}` : ""}`);
  }
}

/** The gateway the configuration names, or null (messages then go to a CSV). */
export function smsGatewayFrom(config: { smsUrl?: string | null; smsToken?: string | null }): SmsGateway | null {
  return config.smsUrl ? new HttpSmsGateway({ url: config.smsUrl, token: config.smsToken }) : null;
}
