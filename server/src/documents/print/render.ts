import { drawBroadsheet } from "./broadsheet.ts";
import { drawPaper } from "../sittings/print-paper.ts";
import { collect, newDocument, openCrest } from "./draw.ts";
import { drawReportCards } from "./report-cards.ts";
import { drawResultSlips } from "./result-slips.ts";
import { drawTimetable } from "./timetable.ts";
import { NO_HOOKS, type PrintDocument, type RenderHooks } from "./types.ts";

function title(d: PrintDocument): string {
  switch (d.kind) {
    case "broadsheet":
      return `Broadsheet: ${d.results.mock.title}`;
    case "result-slips":
      return `Result slips: ${d.results.mock.title}`;
    case "timetable":
      return `Timetable: ${d.mock.title}`;
    case "report-cards":
      return `Report cards: ${d.reports.term.name}, ${d.reports.class}`;
    case "paper":
      return `Question paper and answer sheets: ${d.paper.quiz.title}, ${d.paper.class}`;
  }
}

/** Draws one document to PDF bytes (in the document worker; tests call it directly). */
export async function renderDocument(d: PrintDocument, hooks: RenderHooks = NO_HOOKS): Promise<Uint8Array> {
  const doc = newDocument(title(d), d.school);
  const done = collect(doc);
  const crest = openCrest(doc, d.school);
  switch (d.kind) {
    case "broadsheet":
      drawBroadsheet(doc, d.school, crest, d.results, hooks);
      break;
    case "result-slips":
      drawResultSlips(doc, d.school, crest, d.results, hooks);
      break;
    case "timetable":
      drawTimetable(doc, d.school, crest, d.mock, hooks);
      break;
    case "report-cards":
      drawReportCards(doc, d.school, crest, d.reports, d.preview, hooks);
      break;
    case "paper":
      drawPaper(doc, d.school, crest, d.paper, hooks);
      break;
  }
  doc.end();
  return done;
}
