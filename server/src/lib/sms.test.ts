import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { HttpSmsGateway, SmsError, smsGatewayFrom } from "./sms";

/** The generic HTTP SMS gateway (issue 28) against local servers: one that accepts, one that fails, one that hangs. */
let server: http.Server;
let base: string;
const got: { path: string; body: unknown; auth?: string; type?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      got.push({ path: req.url!, body: JSON.parse(body || "null"), auth: req.headers.authorization, type: req.headers["content-type"] });
      if (req.url === "/ok") res.writeHead(201).end("queued");
      else if (req.url === "/fail") res.writeHead(402, { "content-type": "text/plain" }).end("Insufficient credit\n on account");
      // "/hang": never answers
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});

describe("HttpSmsGateway", () => {
  it("POSTs { to, message } as JSON with the bearer token; any 2xx is sent", async () => {
    await new HttpSmsGateway({ url: `${base}/ok`, token: "tok" }).send("+233241234567", "Adesua: Ɛfua Ɔpoku, aggregate 12.");
    expect(got.at(-1)).toEqual({
      path: "/ok",
      body: { to: "+233241234567", message: "Adesua: Ɛfua Ɔpoku, aggregate 12." },
      auth: "Bearer tok",
      type: "application/json",
    });
    await new HttpSmsGateway({ url: `${base}/ok` }).send("+233241234567", "x");
    expect(got.at(-1)?.auth).toBeUndefined();
  });

  it("a refusal, a hang and a closed port are SmsErrors that say why", async () => {
    await expect(new HttpSmsGateway({ url: `${base}/fail` }).send("+1", "x")).rejects.toThrow(
      new SmsError("The SMS gateway answered 402: Insufficient credit on account"),
    );
    await expect(new HttpSmsGateway({ url: `${base}/hang`, timeoutMs: 300 }).send("+1", "x")).rejects.toThrow("did not answer within");
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await expect(new HttpSmsGateway({ url: `http://127.0.0.1:${port}/x`, timeoutMs: 2000 }).send("+1", "x")).rejects.toThrow(
      /could not be reached \(ECONNREFUSED\)/,
    );
  });

  it("is configured by SMS_URL and SMS_TOKEN; none means CSV", () => {
    expect(smsGatewayFrom(loadConfig({}))).toBeNull();
    const c = loadConfig({ SMS_URL: " https://sms.example.com/send ", SMS_TOKEN: "abc" });
    expect(c).toMatchObject({ smsUrl: "https://sms.example.com/send", smsToken: "abc" });
    expect(smsGatewayFrom(c)).toBeInstanceOf(HttpSmsGateway);
    expect(() => loadConfig({ SMS_URL: "ftp://x" })).toThrow(/SMS_URL must be/);
    expect(() => loadConfig({ SMS_URL: "not a url" })).toThrow(/SMS_URL must be/);
  });
});
