import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from "playwright-core";
import { afterEach, expect, inject } from "vitest";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's Chromium, headless, with the flags this sandbox needs (no downloads, no background traffic). */
export async function launch(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/*
 * Every journey page is watched for two kinds of defect, reported by the afterEach below:
 * - anything the page writes to the console as an error or a warning (and uncaught exceptions),
 *   except what the journey said it expects (`expectConsole`), such as the browser's own line for
 *   an API answer of 404 that the journey provokes on purpose;
 * - serious or critical accessibility violations found by axe-core, run on every page the journey
 *   visits: shortly after each navigation of the main frame (full loads and in-app route changes),
 *   and once more on the last page when the journey closes its context.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
/** How long a page must have been on an address before axe looks at it (lets lazy screens render). */
const AXE_SETTLE_MS = 400;

type Watch = {
  console: string[];
  axe: string[];
  allowed: RegExp[];
  pending: Promise<void>;
  timer?: ReturnType<typeof setTimeout>;
  checked: number;
  visited: boolean;
  /** The page moved since axe last looked (a check is due). */
  due: boolean;
};
const watches = new Map<Page, Watch>();

/** Declares console lines the journey provokes on purpose (e.g. a 404 from the API it asks for). */
export function expectConsole(page: Page, ...patterns: RegExp[]) {
  watches.get(page)?.allowed.push(...patterns);
}

type AxeResult = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; any: { data?: unknown }[] }[] };

/** Runs axe-core on what the page shows now and records serious and critical violations. */
async function axeCheck(page: Page, w: Watch) {
  if (page.isClosed()) return;
  w.due = false;
  const url = page.url();
  try {
    await page.waitForLoadState("domcontentloaded");
    // page.evaluate is not subject to the app's Content-Security-Policy (an injected <script> would be).
    if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(`${AXE_SOURCE}\n;true`);
    // Judge the settled screen, not a dialog or notification halfway through fading in: wait until no
    // transition runs, and run again (up to 3 times) if one started while axe was reading colours.
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeResult[] }> } }).axe;
      const settle = async () => {
        const end = Date.now() + 2000;
        for (;;) {
          // A transition may start a frame or two after its element mounts.
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          const running = document.getAnimations().filter((a) => a.playState === "running");
          if (running.length === 0 || Date.now() > end) return;
          await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 500))]);
        }
      };
      let moved = false;
      const onMove = () => (moved = true);
      let r: { violations: AxeResult[] } = { violations: [] };
      for (let tries = 0; tries < 3; tries++) {
        await settle();
        moved = false;
        document.addEventListener("transitionrun", onMove, true);
        document.addEventListener("animationstart", onMove, true);
        try {
          r = await axe.run(document, { resultTypes: ["violations"] });
        } finally {
          document.removeEventListener("transitionrun", onMove, true);
          document.removeEventListener("animationstart", onMove, true);
        }
        if (!moved && document.getAnimations().every((a) => a.playState !== "running")) break;
      }
      // A Mantine Select's option list (role listbox) scrolls when it is long, and axe asks its scrolling region to take
      // focus; keyboard users move through it with the arrow keys from the combobox (aria-activedescendant), and a
      // focusable region inside a listbox is itself refused (aria-required-children). Judged only when the list is open.
      const inListbox = (n: AxeResult["nodes"][number]) => {
        const sel = n.target[0];
        const el = typeof sel === "string" ? document.querySelector(sel) : null;
        return !!el?.closest('[role="listbox"]');
      };
      const violations = r.violations
        .map((v) => (v.id === "scrollable-region-focusable" ? { ...v, nodes: v.nodes.filter((n) => !inListbox(n)) } : v))
        .filter((v) => v.nodes.length > 0);
      return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => [n.target, n.any[0]?.data ?? null]) }));
    });
    w.checked++;
    for (const v of violations) {
      if (v.impact === "serious" || v.impact === "critical") w.axe.push(`${url}: [${v.impact}] ${v.id} (${v.help}) at ${JSON.stringify(v.nodes)}`);
    }
  } catch (err) {
    // The page moved on or closed while axe ran: the next navigation (or the close) checks again.
    // Anything else is a defect of the check itself, and fails the journey like a violation.
    if (!/closed|destroyed|navigat|Target/i.test(String(err))) w.axe.push(`${url}: axe could not run: ${String(err)}`);
  }
}

function queueAxe(page: Page, w: Watch) {
  w.pending = w.pending.then(() => axeCheck(page, w));
  return w.pending;
}

function watch(context: BrowserContext, page: Page) {
  const w: Watch = { console: [], axe: [], allowed: [], pending: Promise.resolve(), checked: 0, visited: false, due: false };
  watches.set(page, w);
  page.on("console", (msg: ConsoleMessage) => {
    if (msg.type() !== "error" && msg.type() !== "warning") return;
    const line = `${msg.type()}: ${msg.text()}${msg.location().url ? ` (${msg.location().url})` : ""}`;
    w.console.push(line);
  });
  page.on("pageerror", (err) => w.console.push(`uncaught: ${err.message}`));
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    w.visited = true;
    w.due = true;
    clearTimeout(w.timer);
    w.timer = setTimeout(() => void queueAxe(page, w), AXE_SETTLE_MS);
  });
  // The last page of a journey is checked before its context closes.
  const close = context.close.bind(context);
  context.close = async (options) => {
    clearTimeout(w.timer);
    await w.pending.catch(() => undefined);
    await queueAxe(page, w).catch(() => undefined);
    return close(options);
  };
}

afterEach(async () => {
  const problems: string[] = [];
  for (const [page, w] of watches) {
    clearTimeout(w.timer);
    await w.pending.catch(() => undefined);
    // A journey that ends without closing its context is judged on the page it ended on, as a closed one is:
    // its last navigation's check may not have run yet (or a navigation cut it short).
    if (!page.isClosed() && (w.due || (w.visited && w.checked === 0))) await queueAxe(page, w).catch(() => undefined);
    // A journey that went somewhere must have had at least one page checked, or the check is not running.
    if (w.visited && w.checked === 0) problems.push(`axe checked no page of this journey (last at ${page.isClosed() ? "a closed page" : page.url()})`);
    const unexpected = w.console.filter((line) => !w.allowed.some((re) => re.test(line)));
    problems.push(...unexpected.map((l) => `console ${l}`), ...w.axe.map((l) => `axe ${l}`));
    watches.delete(page);
  }
  expect(problems, "console errors/warnings or serious accessibility violations").toEqual([]);
});

export async function newPage(browser: Browser, viewport = PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: inject("baseUrl"), locale: "en-GB" });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  watch(context, page);
  return { context, page };
}

export const DEMO_PASSWORD = "adesua-demo";
export const DEMO = {
  admin: "admin@adesua.school",
  teacher: "ama.owusu@adesua.school",
  jhs1: "yaw.darko@adesua.school",
  jhs2: "efua.mensah@adesua.school",
  jhs3: "kwesi.amoah@adesua.school",
};

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Saves a screenshot under e2e/screenshots for a human to look at (not compared). */
export async function snap(page: Page, name: string) {
  const dir = path.join(path.dirname(new URL(import.meta.url).pathname), "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

export const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "adesua-pw-"));
