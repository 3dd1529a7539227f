import path from "node:path";
import type { Plugin, Rolldown } from "vite";

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
 * Preloads the first route's own chunks while the app's entry is still downloading.
 *
 * Each page is a lazy route: without help the browser learns which chunks it needs only after the
 * entry has downloaded and run, a second round trip on slow mobile data. This plugin writes a tiny
 * script inline in index.html, before the entry (the Content-Security-Policy allows it by its sha256,
 * server/src/lib/inline-scripts.ts); it matches `location.pathname` against the routes below and adds `modulepreload` links
 * for that route's chunks and stylesheet links for its CSS — only for the page being opened.
 * When a token is stored and the address has no query string (or is the attempt's `?start=1`), it also starts the page's first GET
 * calls (`api`: the session check first, the others beside it when a user is cached, else once it has
 * answered 200; decision 031), so their answers travel
 * while the entry downloads and runs; the app takes each one
 * at its first `api()` call for that address (web/src/lib/prefetch.ts) instead of asking again.
 * A route module missing from the build fails the build, so the table cannot silently go stale.
 */
export function routePreload(routes: PreloadRoute[]): Plugin {
  let root = "";
  let code = "";
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
        const table = routes.map((r) => {
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
        code = preloadScript(table);
      },
    },
    transformIndexHtml: {
      order: "post",
      handler(html) {
        if (!code) return html;
        // Inline, before the entry: it runs as the HTML is parsed, so the page's chunks and calls leave at once
        // instead of after a request of their own (which Chromium ran only once the entry had arrived). The
        // server allows it by its hash in Content-Security-Policy (server/src/lib/inline-scripts.ts).
        if (code.includes("</")) this.error("route-preload: the inline script must not contain '</'");
        // A function, not a replacement string: the script's own "$1" must stay as it is.
        return html.replace(/(\s*)<script type="module"/, (_m, ws: string) => `${ws}<script>${code.trimEnd()}</script>${ws}<script type="module"`);
      },
    },
  };
}

/** One row per first page: path pattern, scripts, stylesheets, GET calls (the session check first), the attempt's start. */
export type PreloadTable = (readonly [string, readonly string[], readonly string[], readonly string[], string])[];

/** The preload script's source for this table (exported for web/src/app/route-preload-script.test.ts). */
export function preloadScript(table: PreloadTable): string {
  return (
    `(function(){var t=${JSON.stringify(table)},p=location.pathname,P=window.${PREFETCH_GLOBAL}=window.${PREFETCH_GLOBAL}||{};` +
    `function a(r,h){var l=document.createElement("link");l.rel=r;l.href="/"+h;l.crossOrigin="";document.head.appendChild(l)}` +
    // web/src/lib/storage.ts's keys ("token", "user"); storage may be unavailable.
    `function k(n){try{return localStorage.getItem(n)}catch(e){return null}}` +
    // A GET is kept under its address, the attempt's POST under "POST " + address (prefetchKey in web/src/lib/prefetch.ts).
    `function f(u,tk,m){var q=fetch(u,{method:m||"GET",headers:{authorization:"Bearer "+tk},credentials:"include"});q.catch(function(){});` +
    `P[m?m+" "+u:u]={token:tk,at:Date.now(),response:q};return q}` +
    `for(var i=0;i<t.length;i++){var x=new RegExp(t[i][0]).exec(p);if(!x)continue;var tk=k("token"),c=t[i][3],s=t[i][4],h=history.state;` +
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
    `var o=!!(cu&&!cu.mustChangePassword),g=c.slice(1),n=function(){g.forEach(function(u){f(u,tk)})},d=function(){if(o)g.forEach(function(u){delete P[u]})};` +
    `f(c[0],tk).then(function(r){if(!r.ok)return d();return r.clone().json().then(function(u){if(u&&u.mustChangePassword)d();else if(!o)n()})}).catch(function(){});` +
    `if(o)n()}` +
    `t[i][1].forEach(function(h){a("modulepreload",h)});t[i][2].forEach(function(h){a("stylesheet",h)});break}})();\n`
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
