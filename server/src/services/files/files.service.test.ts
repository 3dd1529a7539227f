import { describe, expect, it } from "vitest";
import { HttpError } from "../../lib/errors";
import { assertDocument, documentKind, zipEntryNames } from "./files.service";

/** A stored (uncompressed) zip holding these files, built byte by byte as the format says. */
function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, "utf8");
    const data = Buffer.from(text, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const docx = zipOf({ "[Content_Types].xml": "<Types/>", "word/document.xml": "<w:document/>" });
const xlsx = zipOf({ "[Content_Types].xml": "<Types/>", "xl/workbook.xml": "<workbook/>" });
const doc = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
const pdf = Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n", "latin1");
const upload = (data: Buffer) => ({ field: "file", filename: "questions.bin", data });

describe("document checks by content", () => {
  it("recognises a PDF, a .docx (a zip with word/document.xml) and a .doc (an OLE2 compound file)", () => {
    expect(documentKind(pdf)).toBe("pdf");
    expect(documentKind(docx)).toBe("docx");
    expect(documentKind(doc)).toBe("doc");
  });

  it("refuses other zips, truncated files, text and empty files", () => {
    expect(documentKind(xlsx)).toBeNull();
    expect(documentKind(docx.subarray(0, docx.length - 10))).toBeNull();
    expect(documentKind(doc.subarray(0, 7))).toBeNull();
    expect(documentKind(Buffer.from("word/document.xml"))).toBeNull();
    expect(documentKind(Buffer.alloc(0))).toBeNull();
  });

  it("reads a zip's entry names from its central directory", () => {
    expect(zipEntryNames(docx)).toEqual(["[Content_Types].xml", "word/document.xml"]);
    expect(zipEntryNames(pdf)).toBeNull();
  });

  it("answers 415 naming the allowed kinds, whatever the file claims to be", () => {
    const refused = (data: Buffer, allowed: ("pdf" | "docx" | "doc")[]) => {
      try {
        assertDocument(upload(data), "The question file", allowed);
        return null;
      } catch (e) {
        return { status: (e as HttpError).statusCode, message: (e as HttpError).message };
      }
    };
    expect(assertDocument(upload(docx), "The question file", ["pdf", "docx", "doc"])).toBe("docx");
    expect(refused(xlsx, ["pdf", "docx", "doc"])).toEqual({ status: 415, message: "The question file must be a PDF, .docx or .doc file" });
    expect(refused(docx, ["pdf"])).toEqual({ status: 415, message: "The question file must be a PDF file" });
  });
});
