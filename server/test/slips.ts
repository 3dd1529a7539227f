import mammoth from "mammoth";
import type { FastifyInstance } from "fastify";
import { call } from "./test-app";

type Slip = Record<string, string>;

/** POST /api/users/slips for a Word sheet: its status, headers and (when it is a 200) the sheet's text. */
export async function slipsSheet(app: FastifyInstance, token: string, slips: Slip[]) {
  const doc = await app.inject({ method: "POST", url: "/api/users/slips", headers: { authorization: `Bearer ${token}` }, payload: { format: "docx", slips } });
  const text = doc.statusCode === 200 ? (await mammoth.extractRawText({ buffer: doc.rawPayload })).value : "";
  return { statusCode: doc.statusCode, headers: doc.headers, text };
}

/** POST /api/users/slips for a CSV: the raw answer and its lines after the byte-order mark. */
export async function slipsCsv(app: FastifyInstance, token: string, slips: Slip[]) {
  const c = await call(app, { method: "POST", url: "/api/users/slips", token, payload: { format: "csv", slips } });
  return {
    raw: String(c.raw),
    lines: String(c.raw)
      .replace(/^\ufeff/, "")
      .split("\r\n"),
  };
}
