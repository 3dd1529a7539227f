import { useState } from "react";
import { Alert } from "@mantine/core";
import { FileUpload, useFileUpload } from "@/components/file-upload";
import { StepSection } from "./step-section";
import { ACCEPT_DOCS, parseAnswers } from "../api/staff";
import { matchAnswerKey, type DraftQuestion } from "../lib/answers";

type Notice = { ok: boolean; text: string };

/** What a screen says about an answer key (the upload screen and bulk upload word some of it differently). */
export type AnswerKeyWords = {
  /** Parse Answers with no file chosen. */
  missing: string;
  /** A key with no answer in it (left out: the match says it). */
  empty?: string;
  /** A refusal or a failed parse, in the screen's words. */
  failed: (err: unknown) => string;
  /** A good match's message goes after this many ms (left out: it stays). */
  clearOkAfterMs?: number;
};

/**
 * The optional answer key of a read paper: its file is parsed (POST /questions/parse-answers) and matched
 * to the questions being reviewed, which are updated when every answer fits.
 */
export function useAnswerKey(questions: DraftQuestion[], setQuestions: (q: DraftQuestion[]) => void, words: AnswerKeyWords) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const upload = useFileUpload({
    send: (file) => parseAnswers(file),
    onMissing: () => setNotice({ ok: false, text: words.missing }),
    onSuccess: (r) => {
      if (words.empty && r.answers.length === 0) return setNotice({ ok: false, text: words.empty });
      const m = matchAnswerKey(questions, r.answers);
      if (m.ok) setQuestions(m.questions);
      setNotice({ ok: m.ok, text: m.message });
      if (m.ok && words.clearOkAfterMs) setTimeout(() => setNotice((n) => (n?.ok ? null : n)), words.clearOkAfterMs);
    },
    onError: (e) => setNotice({ ok: false, text: words.failed(e) }),
  });
  return { upload, notice, setNotice };
}

/** Step 2 of reading a paper: the answer key's file, Parse Answers, and what the match said. */
export function AnswerKeySection({ answerKey }: { answerKey: ReturnType<typeof useAnswerKey> }) {
  const { upload, notice } = answerKey;
  return (
    <StepSection title="2. Answer key (optional)">
      <FileUpload upload={upload} label="Answer file" accept={ACCEPT_DOCS} action={{ label: "Parse Answers", variant: "light", onClick: () => upload.start() }}>
        {notice && (
          <Alert color={notice.ok ? "green" : "yellow"} role="status">
            {notice.text}
          </Alert>
        )}
      </FileUpload>
    </StepSection>
  );
}
