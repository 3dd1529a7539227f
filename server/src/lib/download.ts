import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/**
 * A file answer as a service builds it (status, headers in order, body); the route sends it with
 * sendDownload, so services never touch Fastify's reply.
 */
export type Download = { status?: number; headers: [name: string, value: string][]; body: Readable | Buffer | string };

export function sendDownload(reply: FastifyReply, d: Download) {
  if (d.status !== undefined) reply.status(d.status);
  for (const [name, value] of d.headers) reply.header(name, value);
  return reply.send(d.body);
}
