import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  DEFAULT_SCHEDULE_RANGE_DAYS,
  FeedParamsSchema,
  FeedTokenCreatedSchema,
  FeedTokenStatusSchema,
  FileLinkSchema,
  IdParamsSchema,
  MAX_SCHEDULE_RANGE_DAYS,
  OkSchema,
  ParsedScheduleSchema,
  SCHEDULE_MESSAGES,
  ScheduleEventSchema,
  ScheduleExceptionSchema,
  ScheduleFormSchema,
  ScheduleListQuerySchema,
  ScheduleListResponseSchema,
} from "@adesua/domain";
import { ANY_SIGNED_IN, STAFF } from "../../lib/access";
import { actorOf } from "../../lib/context";
import { badRequest, HttpError, notFound } from "../../lib/errors";
import { readForm } from "../../lib/form";
import { parseInput } from "../../lib/validation";
import { viewerOf } from "../../lib/viewer";
import { assertCanCreateEvents, assertCanEditEvent } from "../../policies/schedule.policy";
import { DocumentError, parseCircularInPool } from "../../documents";
import { assertDocument, DOCUMENT_MIME, storedFileDownload, storePdf, type StoredPdf } from "../../services/files/files.service";
import { sendDownload } from "../../lib/download";
import { signFileLink } from "../../services/files/file-link.service";
import {
  calendarFeedFor,
  createEvent,
  createFeedToken,
  EVENT_NOT_FOUND,
  eventFile,
  feedTokenStatus,
  findVisibleEvent,
  listOccurrences,
  loadEvent,
  removeEvent,
  revokeFeedToken,
  setException,
  updateEvent,
} from "../../services/schedule/schedule.service";
import type { UploadedFile } from "../../lib/form";
import type { FileStorage } from "../../storage/storage";

const tags = ["schedules"];
const DAY_MS = 86_400_000;
/** Multipart with the attachment in the file field `file`; JSON when there is no file. */
const FORM_BODY = { consumes: ["multipart/form-data", "application/json"] };

async function storeAttachment(storage: FileStorage, upload: UploadedFile | undefined): Promise<StoredPdf | null> {
  if (!upload) return null;
  const kind = assertDocument(upload, "File", ["pdf", "docx"]);
  const stored = await storePdf(storage, upload, `attachment.${kind}`);
  return { ...stored, mimeType: DOCUMENT_MIME[kind] };
}

export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/schedules",
    { config: { access: ANY_SIGNED_IN }, schema: { tags, querystring: ScheduleListQuerySchema, response: { 200: ScheduleListResponseSchema } } },
    async (req) => {
      const from = req.query.from ? new Date(req.query.from) : app.now();
      const to = req.query.to ? new Date(req.query.to) : new Date(from.getTime() + DEFAULT_SCHEDULE_RANGE_DAYS * DAY_MS);
      if (to <= from) throw badRequest(SCHEDULE_MESSAGES.range);
      if (to.getTime() - from.getTime() > MAX_SCHEDULE_RANGE_DAYS * DAY_MS) throw badRequest(SCHEDULE_MESSAGES.rangeTooLong);
      const data = await listOccurrences(app.db, viewerOf(req), { from, to }, req.query.includeQuizzes ?? true);
      return { data, from: from.toISOString(), to: to.toISOString() };
    },
  );

  // Static paths first in the file for readers; Fastify prefers them over /schedules/:id anyway.
  app.get("/schedules/feed-token", { config: { access: ANY_SIGNED_IN }, schema: { tags, response: { 200: FeedTokenStatusSchema } } }, async (req) =>
    feedTokenStatus(app.db, viewerOf(req).id),
  );

  app.post("/schedules/feed-token", { config: { access: ANY_SIGNED_IN }, schema: { tags, response: { 201: FeedTokenCreatedSchema } } }, async (req, reply) => {
    const { token, createdAt } = await createFeedToken(app.db, viewerOf(req).id, actorOf(req));
    const path = `/api/schedules/feed/${token}.ics`;
    const url = `${req.protocol}://${req.host}${path}`;
    return reply.status(201).send({ url, webcalUrl: `webcal://${req.host}${path}`, createdAt: createdAt.toISOString() });
  });

  app.delete("/schedules/feed-token", { config: { access: ANY_SIGNED_IN }, schema: { tags, response: { 200: OkSchema } } }, async (req) => {
    await revokeFeedToken(app.db, viewerOf(req).id, actorOf(req));
    return { ok: true as const };
  });

  app.get(
    "/schedules/feed/:file",
    {
      config: { access: "public" },
      schema: { tags, security: [], params: FeedParamsSchema, description: "The private calendar feed: `{token}.ics`. Unknown or revoked tokens answer 404." },
    },
    async (req, reply) => {
      const match = /^([A-Za-z0-9_-]{20,60})\.ics$/.exec(req.params.file);
      if (!match) throw notFound("Calendar feed not found");
      const ics = await calendarFeedFor(app.db, match[1], app.now(), req.hostname || "adesua");
      if (ics === null) throw notFound("Calendar feed not found");
      return reply
        .header("Content-Type", "text/calendar; charset=utf-8")
        .header("Content-Disposition", 'inline; filename="adesua.ics"')
        .header("Cache-Control", "private, no-store")
        .send(ics);
    },
  );

  app.post(
    "/schedules/parse",
    { config: { access: STAFF }, schema: { tags, consumes: ["multipart/form-data"], response: { 200: ParsedScheduleSchema } } },
    async (req) => {
      assertCanCreateEvents(viewerOf(req));
      if (!req.isMultipart()) throw badRequest(SCHEDULE_MESSAGES.parseNoFile);
      const form = await readForm(req, ["file"]);
      const upload = form.files.file;
      if (!upload) throw badRequest(SCHEDULE_MESSAGES.parseNoFile);
      // Off the request thread, in the documents worker pool (time and memory limits per file).
      try {
        return await parseCircularInPool(upload.data, app.now());
      } catch (e) {
        if (e instanceof DocumentError) throw new HttpError(e.status, e.message);
        throw e;
      }
    },
  );

  app.get(
    "/schedules/:id",
    { config: { access: ANY_SIGNED_IN }, schema: { tags, params: IdParamsSchema, response: { 200: ScheduleEventSchema } } },
    async (req) => {
      const event = await loadEvent(app.db, viewerOf(req), req.params.id);
      if (!event) throw notFound(EVENT_NOT_FOUND);
      return event;
    },
  );

  /** The event's file, if this viewer sees the event. */
  async function fileOf(req: FastifyRequest, id: number) {
    const file = await eventFile(app.db, viewerOf(req), id);
    if (file === undefined) throw notFound(EVENT_NOT_FOUND);
    if (!file) throw notFound("This event has no file");
    return file;
  }

  app.get("/schedules/:id/file", { config: { access: ANY_SIGNED_IN }, schema: { tags, params: IdParamsSchema } }, async (req, reply) =>
    sendDownload(reply, await storedFileDownload(app.storage, await fileOf(req, req.params.id), req.log)),
  );

  app.get(
    "/schedules/:id/file/link",
    { config: { access: ANY_SIGNED_IN }, schema: { tags, params: IdParamsSchema, response: { 200: FileLinkSchema } } },
    async (req) => signFileLink(app.db, (await fileOf(req, req.params.id)).id, app.now()),
  );

  app.post("/schedules", { config: { access: STAFF }, schema: { tags, ...FORM_BODY, response: { 201: ScheduleEventSchema } } }, async (req, reply) => {
    const viewer = viewerOf(req);
    assertCanCreateEvents(viewer);
    const form = await readForm(req, ["file"]);
    const input = parseInput(ScheduleFormSchema, form.fields);
    const stored = await storeAttachment(app.storage, form.files.file);
    return reply.status(201).send(await createEvent(app.db, viewer, input, stored, actorOf(req)));
  });

  app.put(
    "/schedules/:id",
    { config: { access: STAFF }, schema: { tags, ...FORM_BODY, params: IdParamsSchema, response: { 200: ScheduleEventSchema } } },
    async (req) => {
      const viewer = viewerOf(req);
      const existing = await findVisibleEvent(app.db, viewer, req.params.id);
      if (!existing) throw notFound(EVENT_NOT_FOUND);
      // Refuse before reading a possibly large upload.
      assertCanEditEvent(viewer, existing.event);
      const form = await readForm(req, ["file"]);
      const input = parseInput(ScheduleFormSchema, form.fields);
      const stored = await storeAttachment(app.storage, form.files.file);
      return updateEvent(app.db, viewer, req.params.id, input, stored, actorOf(req));
    },
  );

  app.delete("/schedules/:id", { config: { access: STAFF }, schema: { tags, params: IdParamsSchema, response: { 200: OkSchema } } }, async (req) => {
    await removeEvent(app.db, viewerOf(req), req.params.id, actorOf(req));
    return { ok: true as const };
  });

  app.post(
    "/schedules/:id/exceptions",
    { config: { access: STAFF }, schema: { tags, params: IdParamsSchema, body: ScheduleExceptionSchema, response: { 200: ScheduleEventSchema } } },
    async (req) => setException(app.db, viewerOf(req), req.params.id, new Date(req.body.occurrenceStart), true, actorOf(req)),
  );

  app.delete(
    "/schedules/:id/exceptions",
    { config: { access: STAFF }, schema: { tags, params: IdParamsSchema, querystring: ScheduleExceptionSchema, response: { 200: ScheduleEventSchema } } },
    async (req) => setException(app.db, viewerOf(req), req.params.id, new Date(req.query.occurrenceStart), false, actorOf(req)),
  );
};
