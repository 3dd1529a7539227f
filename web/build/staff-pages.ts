import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The staff pages, read from the route table (web/src/app/routes.tsx) instead of a hand-kept list: the modules that
 * `teacherRoutes` and `adminRoutes` load lazily (`import("…")`, followed through the file's own constants and
 * helpers, e.g. `gradingStaffRoutes`) and `studentRoutes` does not. A page that students open too (the quiz
 * page, the attempt screen, a past-question group) is no staff page. A new route is sorted by the array it is
 * added to; nothing else needs to know.
 */
export function staffPageModules(routesFile: string): string[] {
  const source = ts.createSourceFile(routesFile, fs.readFileSync(routesFile, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  /** The file's top-level constants and functions, by name. */
  const declared = new Map<string, ts.Node>();
  for (const s of source.statements) {
    if (ts.isFunctionDeclaration(s) && s.name) declared.set(s.name.text, s);
    if (ts.isVariableStatement(s))
      for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name) && d.initializer) declared.set(d.name.text, d.initializer);
  }
  /** What `import("…")` reaches from a top-level name, through the names it uses in turn. */
  const lazyImports = (name: string): Set<string> => {
    const found = new Set<string>();
    const seen = new Set<string>();
    const walk = (node: ts.Node) => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [spec] = node.arguments;
        if (spec && ts.isStringLiteralLike(spec)) found.add(path.resolve(path.dirname(routesFile), spec.text));
      }
      if (ts.isIdentifier(node) && declared.has(node.text) && !seen.has(node.text)) {
        seen.add(node.text);
        walk(declared.get(node.text)!);
      }
      ts.forEachChild(node, walk);
    };
    if (!declared.has(name)) throw new Error(`staff pages: ${routesFile} declares no ${name}`);
    seen.add(name);
    walk(declared.get(name)!);
    return found;
  };
  const students = lazyImports("studentRoutes");
  const staff = new Set([...lazyImports("teacherRoutes"), ...lazyImports("adminRoutes")].filter((m) => !students.has(m)));
  if (staff.size === 0) throw new Error(`staff pages: found none in ${routesFile}`);
  return [...staff].sort();
}

/**
 * The chunk files of those pages: Vite names a lazily loaded module's chunk after its file (`users-page-<hash>.js`).
 * Refuses a staff page whose file name another lazily loaded module shares, which would make the two chunks' names
 * alike.
 */
export function staffChunkPattern(routesFile: string): RegExp {
  const nameOf = (m: string) => path.basename(m).replace(/\.[cm]?[jt]sx?$/, "");
  const staff = staffPageModules(routesFile);
  const names = staff.map(nameOf);
  const dupes = names.filter((n, i) => names.indexOf(n) !== i);
  if (dupes.length) throw new Error(`staff pages: two staff modules are both named ${dupes.join(", ")}`);
  const everyLazy = [...fs.readFileSync(routesFile, "utf8").matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)].map((m) =>
    path.resolve(path.dirname(routesFile), m[1]),
  );
  const clash = everyLazy.find((m) => !staff.includes(m) && names.includes(nameOf(m)));
  if (clash) throw new Error(`staff pages: ${clash} shares a staff page's name`);
  return new RegExp(`(^|/)(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})-`);
}
