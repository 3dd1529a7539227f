import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import Fastify, { type FastifyInstance, type FastifyError, type FastifyRequest, type FastifyServerOptions } from "fastify";
import multipart from "@fastify/multipart";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { ENROLMENT_MESSAGES, MUST_CHANGE_PASSWORD_CODE, PENDING_TEACHER_MESSAGE, type Role } from "@adesua/domain";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { findSession, hashToken } from "./auth/sessions";
import { BUSY_MESSAGE, HttpError, isTransientOverload } from "./lib/errors";
import { inlineScriptSources } from "./lib/inline-scripts";
import { securityHeaders } from "./lib/security-headers";
import { jsonDepthExceeds, TOO_DEEP_MESSAGE } from "./lib/json-depth";
import { completeOpenApi } from "./lib/openapi";
import { BROKEN_FORM } from "./lib/form";
import { describeError, loggedUrl, requestSerializer } from "./lib/log";
import { badTextMessage, findBadText } from "./lib/text";
import "./lib/context";
import { ANY_SIGNED_IN, type Access } from "./lib/access";
import { noteExamTraffic } from "./lib/exam-traffic";
import { authRoutes } from "./routes/auth/auth.routes";
import { userRoutes } from "./routes/users/users.routes";
import { enrolmentRoutes } from "./routes/users/enrolment.routes";
import { importExportRoutes } from "./routes/admin/import-export.routes";
import { logRoutes } from "./routes/admin/logs.routes";
import { healthRoutes } from "./routes/health/health.routes";
import { courseRoutes } from "./routes/courses/courses.routes";
import { quizRoutes } from "./routes/quizzes/quizzes.routes";
import { attemptRoutes } from "./routes/attempts/attempts.routes";
import { submitRoutes } from "./routes/attempts/submit.routes";
import { recordRoutes } from "./routes/grading/records.routes";
import { recordAdminRoutes } from "./routes/grading/records-admin.routes";
import { gradingRoutes } from "./routes/grading/grading.routes";
import { studentRoutes } from "./routes/home/student-home.routes";
import { settingsRoutes } from "./routes/admin/settings.routes";
import { closeDocumentPool } from "./documents";
import { questionRoutes } from "./routes/question-bank/questions.routes";
import { parseJobRoutes } from "./routes/question-bank/parse-jobs.routes";
import { practiceRoutes } from "./routes/question-bank/practice.routes";
import { scheduleRoutes } from "./routes/schedule/schedules.routes";
import { announcementRoutes } from "./routes/schedule/announcements.routes";
import { tableRoutes } from "./routes/gradebook/tables.routes";
import { teacherRoutes } from "./routes/home/teacher-home.routes";
import { performanceRoutes } from "./routes/performance/performance.routes";
import { fileRoutes } from "./routes/files/files.routes";
import { adminRoutes } from "./routes/home/admin-home.routes";
import { reportRoutes } from "./routes/reports/reports.routes";
import { libraryRoutes } from "./routes/library/library.routes";
import { mockRoutes } from "./routes/mocks/mocks.routes";
import { termRoutes } from "./routes/terms/terms.routes";
import { guardianRoutes } from "./routes/guardians/guardians.routes";
import { printJobRoutes } from "./routes/prints/print-jobs.routes";
import { sittingRoutes } from "./routes/sittings/sittings.routes";
import { schoolRoutes } from "./routes/admin/school.routes";
import type { FileStorage } from "./storage/storage";
import { storageFor } from "./storage/storage-for";
import { enableSaveGroupCommit } from "./services/attempts/attempt-save-batch";

export type AppOptions = {
  database: Database;
  config: Config;
  now?: () => Date;
  /** Log to stdout (true), to a given stream (tests read what was logged), or not at all. */
  logger?: boolean | { stream: NodeJS.WritableStream; level?: string };
  /** Where uploaded files go; default: PostgreSQL with DATABASE_URL, else the local disk under DATA_DIR/files. */
  storage?: FileStorage;
};

export type RouteEntry = { method: string; url: string; access: Access | undefined };

declare module "fastify" {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_FILES = 2;
export const MAX_FORM_FIELDS = 40;

/** 413 answers that say what was too large: the upload limits other than a file's size. */
/** The only routes a pending (not yet approved) account may call. */
const ALLOWED_WHILE_PENDING = new Set(["/api/auth/me", "/api/auth/logout"]);
/** The only routes a user holding a slip's one-time password may call before choosing their own (decision 025). */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set(["/api/auth/me", "/api/auth/logout", "/api/auth/change-password"]);

const UPLOAD_LIMIT_MESSAGES: Record<string, string> = {
  FST_FILES_LIMIT: `Too many files in one upload (at most ${MAX_UPLOAD_FILES})`,
  FST_FIELDS_LIMIT: `Too many form fields (at most ${MAX_FORM_FIELDS})`,
  FST_PARTS_LIMIT: "Too many parts in one upload",
};

function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : null;
}

/** Turns a zod validation failure into one sentence that names the field. */
function validationMessage(err: FastifyError): string {
  const first = err.validation?.[0] as { instancePath?: string; message?: string; params?: { issue?: { path?: unknown[] } } } | undefined;
  const issuePath = first?.params?.issue?.path;
  const field = Array.isArray(issuePath) && issuePath.length ? issuePath.join(".") : (first?.instancePath ?? "").replace(/^\//, "").replace(/\//g, ".");
  const msg = first?.message ?? "Invalid request";
  const generic = /^(Invalid|Too (small|big)|Expected|Unrecognized|Required)/i.test(msg);
  if (generic && field) return `${field}: ${msg}`;
  if (generic) return `${err.validationContext ?? "request"}: ${msg}`;
  return msg;
}

function loggerOptions(opts: AppOptions, config: Config): FastifyServerOptions["logger"] {
  if (!opts.logger) return false;
  const custom = typeof opts.logger === "object" ? opts.logger : null;
  return {
    level: custom?.level ?? config.logLevel,
    ...(custom ? { stream: custom.stream } : {}),
    // No request values, SQL parameters or password hashes in the log (lib/log.ts).
    serializers: {
      req: (req: { method: string; url?: string }) => requestSerializer(req),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: describeError,
    },
  } as unknown as FastifyServerOptions["logger"];
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: loggerOptions(opts, config),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.trustProxy,
    ajv: { customOptions: { coerceTypes: true } },
  }).withTypeProvider<ZodTypeProvider>();

  // JSON bodies are refused past 64 levels of nesting (issue 25 item 5) before they are parsed: the
  // depth is counted in one loop, never by recursion, so no later check can run out of stack on them.
  const defaultJsonParser = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    if (jsonDepthExceeds(body as string)) return done(new HttpError(400, TOO_DEEP_MESSAGE), undefined);
    defaultJsonParser(req, body as string, done);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", database.db);
  if (config.saveGroupCommit) enableSaveGroupCommit(database.db, { lingerMs: config.saveGroupCommitLingerMs });
  app.decorate("database", database);
  app.decorate("config", config);
  app.decorate("now", opts.now ?? (() => new Date()));
  app.decorate("storage", opts.storage ?? storageFor(database, config.dataDir));
  app.decorateRequest("auth", null);
  app.decorateRequest("sessionLeftToStatement", null);
  // Every route with its declared access rule, for the route-access test and the docs.
  const routeTable: RouteEntry[] = [];
  app.decorate("routeTable", routeTable);
  app.addHook("onRoute", (r) => {
    for (const method of [r.method].flat()) routeTable.push({ method, url: r.url, access: r.config?.access });
  });

  // Helmet's headers, worked out once (lib/security-headers.ts), on every answer.
  const security = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The route preloader inline in index.html, by its hash (decision 029).
        scriptSrc: ["'self'", ...inlineScriptSources(config.webDist)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Strict-Transport-Security only over HTTPS (below): over plain HTTP it is meaningless at best.
    hsts: false,
  });
  app.addHook("onRequest", (_req, reply, done) => {
    reply.headers(security);
    done();
  });
  app.addHook("onSend", async (req, reply) => {
    // req.protocol believes X-Forwarded-Proto only from trusted proxies (TRUST_PROXY).
    if (req.protocol === "https") reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    // API answers carry tokens and personal data: no browser or proxy may keep them. Health is public;
    // file downloads set their own (private) policy.
    const url = req.url;
    if (url.startsWith("/api/") && !url.startsWith("/api/health") && !url.startsWith("/api/docs") && !reply.hasHeader("Cache-Control")) {
      reply.header("Cache-Control", "no-store");
    }
  });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_UPLOAD_FILES, fields: MAX_FORM_FIELDS } });
  if (config.compressApi) {
    // API answers over 1 KB go out compressed (brotli where accepted, else gzip) at levels that cost
    // ~0.2 ms of CPU for an 11 KB answer; smaller answers (answer saves) are not worth it. Built web
    // files already carry their own pre-compressed copies (below) and are left alone.
    await app.register(compress, {
      threshold: 1024,
      encodings: ["br", "gzip"],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 4 },
      globalDecompression: false,
    });
  }

  await app.register(swagger, {
    openapi: {
      info: { title: "Adesua API", version: "0.1.0", description: "All errors answer { error: message }." },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Multipart bodies and nullable enums (lib/openapi.ts, issue 25 item 10).
    transformObject: (d) => completeOpenApi("openapiObject" in d ? d.openapiObject : d.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true, uiConfig: { validatorUrl: null, deepLinking: false } });

  // Authenticate, then enforce the route's declared access rule, before validation runs.
  // The document readers (worker threads) stop with the app.
  app.addHook("onClose", async () => {
    await closeDocumentPool();
  });

  app.addHook("onRequest", async (req) => {
    const url = req.routeOptions.url;
    if (!url || !url.startsWith("/api/") || url.startsWith("/api/docs")) return;
    // The attempt routes (/api/attempts/…, /api/quizzes/:quizId/attempts): an exam is running (lib/exam-traffic.ts).
    if (url.startsWith("/api/attempts/") || url.endsWith("/attempts")) noteExamTraffic();
    const token = bearer(req.headers.authorization);
    if (token && req.routeOptions.config.sessionInStatement && req.routeOptions.config.access === ANY_SIGNED_IN) {
      req.sessionLeftToStatement = hashToken(token);
      return;
    }
    await authenticate(req);
  });
  app.decorate("authenticate", authenticate);

  async function authenticate(req: FastifyRequest): Promise<void> {
    const url = req.routeOptions.url!;
    const access = req.routeOptions.config.access;
    const token = bearer(req.headers.authorization);
    if (token) {
      const s = await findSession(app.db, token);
      if (s) req.auth = { user: s.user, sessionId: s.sessionId, impersonatorId: s.impersonatorId };
    }
    if (access === "public") return;
    if (access === undefined) throw new HttpError(403, "This route has no access rule");
    if (!req.auth) throw new HttpError(401, token ? "Your session has ended. Please log in again." : "Not signed in");
    // A teacher who signed themselves up waits for an admin (decision 017): they may see who they
    // are and sign out, and every other call is refused here, once for every route.
    if (req.auth.user.status !== "active" && !ALLOWED_WHILE_PENDING.has(url)) throw new HttpError(403, PENDING_TEACHER_MESSAGE);
    // A one-time password from a slip must be replaced before anything else (an admin impersonating is let through).
    if (req.auth.user.mustChangePassword && req.auth.impersonatorId === null && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(url)) {
      throw new HttpError(403, ENROLMENT_MESSAGES.mustChange).withCode(MUST_CHANGE_PASSWORD_CODE);
    }
    if (access !== "signed-in" && !access.includes(req.auth.user.role as Role)) {
      throw new HttpError(403, "You do not have permission to do this");
    }
  }

  // NUL characters and lone surrogates are refused in every path, query and JSON body (forms: lib/form.ts).
  app.addHook("preValidation", async (req) => {
    if (!req.url.startsWith("/api/")) return;
    const found =
      findBadText(req.params, "") ??
      findBadText(req.query, "") ??
      (typeof req.body === "object" || typeof req.body === "string" ? findBadText(req.body, "") : null);
    if (found) throw new HttpError(400, badTextMessage(found));
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      return reply
        .status(err.statusCode)
        .headers(err.headers)
        .send(err.code ? { error: err.message, code: err.code } : { error: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err) || err.validation) {
      return reply.status(400).send({ error: validationMessage(err) });
    }
    const code = err.statusCode ?? 500;
    const tooMuch = UPLOAD_LIMIT_MESSAGES[err.code];
    if (tooMuch) return reply.status(413).send({ error: tooMuch });
    if (err.code === "FST_REQ_FILE_TOO_LARGE" || code === 413) {
      return reply.status(413).send({ error: "File is too large (10 MB at most)" });
    }
    if (err.code === "FST_INVALID_MULTIPART_CONTENT_TYPE" || err.code === "FST_MP_PREMATURE_CLOSE") {
      return reply.status(400).send({ error: BROKEN_FORM });
    }
    if (code >= 400 && code < 500) {
      const msg = err.code === "FST_ERR_CTP_INVALID_JSON_BODY" || err.code === "FST_ERR_CTP_EMPTY_JSON_BODY" ? "Request body is not valid JSON" : err.message;
      return reply.status(code).send({ error: msg });
    }
    if (isTransientOverload(err)) {
      req.log.warn({ err: describeError(err), route: loggedUrl(req) }, "request refused: server busy");
      return reply.status(503).header("Retry-After", "2").send({ error: BUSY_MESSAGE, code: "server_busy" });
    }
    req.log.error({ err: describeError(err), route: loggedUrl(req) }, "request failed");
    return reply.status(500).send({ error: "Something went wrong on the server. Please try again." });
  });

  await app.register(healthRoutes, { prefix: "/api" });
  await app.register(authRoutes, { prefix: "/api" });
  await app.register(userRoutes, { prefix: "/api" });
  await app.register(enrolmentRoutes, { prefix: "/api" });
  await app.register(importExportRoutes, { prefix: "/api" });
  await app.register(logRoutes, { prefix: "/api" });
  await app.register(courseRoutes, { prefix: "/api" });
  await app.register(quizRoutes, { prefix: "/api" });
  await app.register(attemptRoutes, { prefix: "/api" });
  await app.register(submitRoutes, { prefix: "/api" });
  await app.register(recordRoutes, { prefix: "/api" });
  await app.register(recordAdminRoutes, { prefix: "/api" });
  await app.register(gradingRoutes, { prefix: "/api" });
  await app.register(studentRoutes, { prefix: "/api" });
  await app.register(settingsRoutes, { prefix: "/api" });
  await app.register(questionRoutes, { prefix: "/api" });
  await app.register(parseJobRoutes, { prefix: "/api" });
  await app.register(practiceRoutes, { prefix: "/api" });
  await app.register(scheduleRoutes, { prefix: "/api" });
  await app.register(announcementRoutes, { prefix: "/api" });
  await app.register(tableRoutes, { prefix: "/api" });
  await app.register(teacherRoutes, { prefix: "/api" });
  await app.register(performanceRoutes, { prefix: "/api" });
  await app.register(fileRoutes, { prefix: "/api" });
  await app.register(adminRoutes, { prefix: "/api" });
  await app.register(reportRoutes, { prefix: "/api" });
  await app.register(libraryRoutes, { prefix: "/api" });
  await app.register(mockRoutes, { prefix: "/api" });
  await app.register(termRoutes, { prefix: "/api" });
  await app.register(guardianRoutes, { prefix: "/api" });
  await app.register(printJobRoutes, { prefix: "/api" });
  await app.register(sittingRoutes, { prefix: "/api" });
  await app.register(schoolRoutes, { prefix: "/api" });

  const webDist = config.webDist;
  if (webDist && fs.existsSync(path.join(webDist, "index.html"))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build writes .br and .gz files beside each asset (web/build/precompress.ts): sent as they are.
      preCompressed: true,
      // Only the files themselves are routes; their compressed copies are found by preCompressed.
      globIgnore: ["**/*.br", "**/*.gz"],
      // Our own Cache-Control below (the default one would replace it with max-age=0).
      cacheControl: false,
      setHeaders(res, file) {
        // Hashed assets never change; index.html and sw.js must always be checked, so a new build reaches every phone.
        res.setHeader("Cache-Control", file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache");
        res.setHeader("Vary", "Accept-Encoding");
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith("/api/") || req.url === "/api" || !webDist || req.method !== "GET") {
      return reply.status(404).send({ error: "Not found" });
    }
    // The web app owns every other path (its router sends unknown ones to /login).
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });

  return app;
}
