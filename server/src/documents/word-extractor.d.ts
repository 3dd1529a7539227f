// word-extractor ships no types; this is the part of its API the documents module uses.
declare module "word-extractor" {
  interface ExtractedDocument {
    getBody(): string;
  }
  export default class WordExtractor {
    extract(source: string | Buffer): Promise<ExtractedDocument>;
  }
}
