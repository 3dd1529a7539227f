import path from "node:path";
import type { Plugin, Rolldown } from "vite";
import { APP_CSS_ATTR } from "./paint-first.ts";

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

export type PreloadRoute = {
  path: RegExp;
  module: string;
  /** Other modules the page loads at once (composed beside it in web/src/app/routes.tsx), preloaded with it. */
  also?: string[];
  /** GET calls (under /api) the page makes at once: started here with the stored token (see web/src/lib/prefetch.ts). */
  api?: string[];
  /**
   * The attempt screen opened with `?start=1` (the pre-start screen's Start, decision 007): the POST that starts the
   * attempt or resumes the open one, which the page makes at once anyway. `$1` is the path's first group (the quiz id).
   * Sent only when the address's query is exactly `?start=1` and the history entry carries no attempt id (a reload of
   * a started attempt reads it with a GET instead), with the stored token, beside the session check (the server
   * refuses it as it would refuse the page's own call). See decision 031.
   */
  startAttempt?: string;
};

/**
 * Starts the first page's API calls while the HTML is parsed, and loads the app's code once the boot screen has painted.
 *
 * Each page is a lazy route: without help the browser learns which chunks it needs only after the
 * entry has downloaded and run, a second round trip on slow mobile data. This plugin writes a tiny
 * script inline in index.html, in place of the entry's `<script type="module">`, its modulepreloads and the app's
 * stylesheet preloads, which it takes out of the HTML (the Content-Security-Policy allows it by its sha256,
 * server/src/lib/inline-scripts.ts). It matches `location.pathname` against the routes below; once the first frame
 * has painted it adds the entry's script, its modulepreloads and stylesheet preloads, then `modulepreload` links
 * for that route's chunks and stylesheet links for its CSS — only for the page being opened.
 * When a token is stored and the address has no query string (or is the attempt's `?start=1`), it also starts the page's first GET
 * calls at once (`api`: the session check first, the others beside it when a user is cached, else once it has
 * answered 200; decision 031), so their answers travel
 * while the entry downloads and runs; the app takes each one
 * at its first `api()` call for that address (web/src/lib/prefetch.ts) instead of asking again.
 * A route module missing from the build fails the build, so the table cannot silently go stale.
 */
export function routePreload(routes: PreloadRoute[]): Plugin {
  let root = "";
  let table: PreloadTable | null = null;
  return {
    name: "adesua:route-preload",
    apply: "build",
    configResolved(c) {
      root = c.root;
    },
    generateBundle: {
      order: "pre",
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === "chunk");
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return;
        const inEntry = closure(bundle, entry.fileName);
        table = routes.map((r) => {
          const all = new Set<string>();
          for (const module of [r.module, ...(r.also ?? [])]) {
            const abs = path.resolve(root, module);
            const chunk = chunks.find((c) => c.facadeModuleId === abs) ?? chunks.find((c) => c.moduleIds.includes(abs));
            if (!chunk) this.error(`route-preload: ${module} is not a chunk of this build (moved or renamed? update web/build/first-load-routes.ts)`);
            closure(bundle, chunk!.fileName, all);
          }
          const files = [...all].filter((f) => !inEntry.has(f));
          return [r.path.source, files.filter((f) => f.endsWith(".js")), files.filter((f) => f.endsWith(".css")), r.api ?? [], r.startAttempt ?? ""] as const;
        });
      },
    },
    transformIndexHtml: {
      // After paintFirst (listed before this plugin in web/vite.config.ts): the app's stylesheets are preloads by now.
      order: "post",
      handler(html) {
        if (!table) return html;
        // The app's own files leave the HTML: the inline script requests them once the boot screen has painted
        // (see preloadScript and decision 035's addendum).
        const later: EntryFiles = [null, [], []];
        let out = html.replace(/[ \t]*<script type="module"[^>]*\ssrc="\/([^"]+)"[^>]*><\/script>\n?/g, (_m, src: string) => {
          if (later[0]) this.error("route-preload: index.html has more than one module script");
          later[0] = src;
          return "";
        });
        if (!later[0]) this.error("route-preload: index.html has no module script (the entry) to load after the first paint");
        out = out.replace(/[ \t]*<link rel="modulepreload"[^>]*\shref="\/([^"]+)"[^>]*>\n?/g, (_m, href: string) => {
          later[1].push(href);
          return "";
        });
        out = out.replace(
          new RegExp(`[ \\t]*<link rel="preload" as="style"[^>]*\\shref="/([^"]+)"[^>]*\\s${APP_CSS_ATTR}[^>]*>\\n?`, "g"),
          (_m, href: string) => {
            later[2].push(href);
            return "";
          },
        );
        if (/<link rel="stylesheet"|<script[^>]*\ssrc=|<link rel="(module)?preload"/.test(out))
          this.error("route-preload: index.html still loads a file of its own");
        const script = preloadScript(table, later);
        // Inline, where the entry was (at the end of <head>): it runs as the HTML is parsed, so the page's calls leave at
        // once. The server allows it by its hash in Content-Security-Policy (server/src/lib/inline-scripts.ts).
        if (script.includes("</")) this.error("route-preload: the inline script must not contain '</'");
        // A function, not a replacement string: the script's own "$1" must stay as it is.
        return out.replace(/(\s*)<\/head>/, (_m, ws: string) => `\n    <script>${script.trimEnd()}</script>${ws}</head>`);
      },
    },
  };
}

/** What index.html itself loads, requested by the inline script after the first paint: the entry, its modulepreloads, the app's stylesheets (preloads). */
export type EntryFiles = [string | null, string[], string[]];

/** One row per first page: path pattern, scripts, stylesheets, GET calls (the session check first), the attempt's start. */
export type PreloadTable = (readonly [string, readonly string[], readonly string[], readonly string[], string])[];

/**
 * The preload script's source for this table and index.html's own files (exported for
 * web/src/app/route-preload-script.test.ts).
 *
 * The calls leave at once, as the HTML is parsed. Every file (the entry, its modulepreloads, the app's stylesheets, the
 * route's chunks and stylesheets) is requested only once the boot screen has painted: in a task after the first
 * frame's `requestAnimationFrame` (at once in a hidden tab, which paints no frame; or when the tab is hidden or shown
 * before that frame). Lighthouse's simulated FCP counts every script and stylesheet that finished downloading before the
 * observed first paint; on a fast network the entry sometimes did, and FCP went from ~0.7 s to ~2 s between runs of one
 * build (decision 035's addendum). A real phone starts the code one frame later at most, and always paints first.
 */
export function preloadScript(table: PreloadTable, entry: EntryFiles): string {
  return (
    `(function(){var t=${JSON.stringify(table)},e=${JSON.stringify(entry)},D=document,p=location.pathname,P=window.${PREFETCH_GLOBAL}=window.${PREFETCH_GLOBAL}||{},R=null,L=0;` +
    // A link (or the entry's module script) for one file; the app's stylesheets keep the attribute app-styles.ts looks for.
    `function a(r,h,y){var l=D.createElement(r?"link":"script");if(r)l.rel=r;else l.type="module";l[r?"href":"src"]="/"+h;l.crossOrigin="";` +
    `if(y){l.setAttribute("as","style");l.setAttribute("${APP_CSS_ATTR}","")}D.head.appendChild(l)}` +
    // The files, once: the entry first (the largest, and the one the page waits for), its imports, the app's
    // stylesheets, then the route's own chunks and stylesheets.
    `function g(){if(L)return;L=1;D.removeEventListener("visibilitychange",g);if(e[0])a("",e[0]);e[1].forEach(function(h){a("modulepreload",h)});e[2].forEach(function(h){a("preload",h,1)});` +
    `if(R){R[1].forEach(function(h){a("modulepreload",h)});R[2].forEach(function(h){a("stylesheet",h)})}}` +
    // web/src/lib/storage.ts's keys ("token", "user"); storage may be unavailable.
    `function k(n){try{return localStorage.getItem(n)}catch(e){return null}}` +
    // A GET is kept under its address, the attempt's POST under "POST " + address (prefetchKey in web/src/lib/prefetch.ts).
    `function f(u,tk,m){var q=fetch(u,{method:m||"GET",headers:{authorization:"Bearer "+tk},credentials:"include"});q.catch(function(){});` +
    `P[m?m+" "+u:u]={token:tk,at:Date.now(),response:q};return q}` +
    `for(var i=0;i<t.length;i++){var x=new RegExp(t[i][0]).exec(p);if(!x)continue;R=t[i];var tk=k("token"),c=t[i][3],s=t[i][4],h=history.state;` +
    // The attempt's start (only from the pre-start screen's Start; a started attempt's history entry has its id).
    `var st=!!(tk&&s&&location.search==="?start=1"&&window.fetch&&!(h&&h.usr&&h.usr.attemptId));if(st)f(s.replace("$1",x[1]),tk,"POST");` +
    // The calls go first: small answers that would otherwise queue behind the chunks for one of the browser's six
    // connections (HTTP/1.1). The first is the session check. With a user cached beside the token (the app renders
    // the page at once and asks for the same lists), the others leave beside it; without one (the app waits for the
    // session check) they wait for its 200, so a dead token costs one refused call. Never for a user who must first
    // choose a password (decision 025: every other call would be refused); should the check say so, or refuse the
    // token, the answers not yet taken are dropped. The check's answer is read from a copy (the app reads the original).
    // With the attempt's start, the page's GETs (the session check, which the app sends at once) leave beside it (decision 035).
    `if(tk&&(!location.search||st)&&window.fetch&&c.length){var cu=null;try{cu=JSON.parse(k("user")||"null")}catch(e){}` +
    `var o=!!(cu&&!cu.mustChangePassword),q=c.slice(1),n=function(){q.forEach(function(u){f(u,tk)})},d=function(){if(o)q.forEach(function(u){delete P[u]})};` +
    `f(c[0],tk).then(function(r){if(!r.ok)return d();return r.clone().json().then(function(u){if(u&&u.mustChangePassword)d();else if(!o)n()})}).catch(function(){});` +
    `if(o)n()}break}` +
    // The files once the boot screen has painted: when the browser reports its first contentful paint (after the frame
    // was presented, so nothing can finish downloading before it), else in a task after the first frame's
    // requestAnimationFrame (which runs just before that frame's paint). Should neither come (a browser that reports no
    // paint), half a second after that frame; at once in a hidden tab, which paints nothing until it is shown.
    `if(D.visibilityState==="hidden"||!window.requestAnimationFrame)return g();D.addEventListener("visibilitychange",g);var y=0;` +
    `try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){new PerformanceObserver(function(l,b){if(l.getEntriesByName("first-contentful-paint").length){b.disconnect();g()}}).observe({type:"paint",buffered:true});y=1}}catch(e){}` +
    `requestAnimationFrame(function(){setTimeout(g,y?500:0)})})();\n`
  );
}

/** Where the preload script leaves the calls it started (read by web/src/lib/prefetch.ts). */
export const PREFETCH_GLOBAL = "__adesuaPrefetch";

/** A chunk's file, the chunks it imports statically (transitively) and their CSS. */
function closure(bundle: OutputBundle, fileName: string, out = new Set<string>()): Set<string> {
  if (out.has(fileName)) return out;
  const c = bundle[fileName];
  if (!c || c.type !== "chunk") return out;
  // A chunk of stylesheets only (e.g. one Mantine component's CSS) is dropped by Vite after this hook, its CSS kept.
  const pureCss = c.moduleIds.length > 0 && c.moduleIds.every((id) => /\.css($|\?)/.test(id));
  if (!pureCss) out.add(fileName);
  for (const css of (c as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) out.add(css);
  for (const imp of c.imports) closure(bundle, imp, out);
  return out;
}
