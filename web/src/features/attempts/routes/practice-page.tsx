import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { PageMeta, PracticeResult, ReviewItem, StudentBankQuestion } from "@adesua/domain";
import { api } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { groupId, parseGroupId, type GroupKey } from "@/lib/question-group";
import { questionImagePath } from "@/lib/api";
import {
  createPracticeEngine,
  practiceRoundKey,
  purgeOldRounds,
  roundStore,
  type KeptRound,
  type PracticeGrade,
  type PracticeItem,
} from "../api/practice-engine";
import { Countdown } from "../components/countdown";
import { QuizRunner } from "../components/quiz-runner";
import { QuizError } from "../components/quiz-error";
import { LOAD_FAILED } from "../lib/messages";
import { hasAnswer } from "../lib/unanswered";
import { areaBase } from "./attempt-page";

/** The bank's questions of one group, all pages (a group holds tens of questions, not thousands). */
async function loadGroup(g: { year: number; subject: string; section: string }): Promise<PracticeItem[]> {
  const out: PracticeItem[] = [];
  for (let page = 1; page <= 20; page++) {
    const r = await api<StudentBankQuestionPage>("/questions", { query: { ...g, page, limit: 100 } });
    out.push(...r.questions.map(practiceItem));
    if (out.length >= r.pagination.total || r.questions.length === 0) break;
  }
  return out;
}

/** A bank question's pictures as API paths (GET /questions/{id}/images/{n}, n from 1). */
const imagesOf = (q: StudentBankQuestion) => Array.from({ length: q.imageCount ?? 0 }, (_, k) => questionImagePath(q.id, k + 1));

/** A bank question as the runner takes it: its type fields (type, marks, unit, parts, equations) and pictures. */
export function practiceItem(q: StudentBankQuestion): PracticeItem {
  return {
    id: q.id,
    text: q.text,
    options: q.options,
    images: imagesOf(q),
    ...(q.type ? { type: q.type } : {}),
    ...(q.marks ? { marks: q.marks } : {}),
    ...(q.unit ? { unit: q.unit } : {}),
    ...(q.parts?.length ? { parts: q.parts } : {}),
    ...(q.equations?.length ? { equations: q.equations } : {}),
  };
}

/**
 * One question's practice result. The practice contract gained per question (issue 27) its type, `available` marks,
 * `earned` (null when practice does not mark it), `marked`, the key described (`key`), a written answer's `scheme` and
 * `parts`. Read as optional, so a result from a server without them still shows (single choice, one mark).
 */
type PracticeLine = Pick<PracticeResult["results"][number], "questionId" | "answer" | "correctAnswer" | "correct"> &
  Partial<Omit<PracticeResult["results"][number], "questionId" | "answer" | "correctAnswer" | "correct">>;

type StudentBankQuestionPage = { questions: StudentBankQuestion[]; pagination: PageMeta };

/** A written answer's marking scheme with its parts' ("(a) …"), to compare with in the review. */
function schemeOf(x: PracticeLine): string | null {
  const parts = (x.parts ?? []).filter((p) => p.scheme.trim()).map((p) => `(${p.label}) ${p.scheme}`);
  return [x.scheme?.trim() ?? "", ...parts].filter(Boolean).join("\n") || null;
}

/** The server's practice result as the attempt screen's review: every question in its type, its marks and its key. */
export function practiceReview(r: PracticeResult, items: PracticeItem[]): PracticeGrade & { resultId: number } {
  const byId = new Map(items.map((q) => [q.id, q]));
  const review: ReviewItem[] = (r.results as PracticeLine[]).map((x, index) => {
    const q = byId.get(x.questionId);
    const type = x.type ?? q?.type ?? "single";
    const marks = x.available ?? q?.marks ?? 1;
    const unmarked = x.marked === false || (x.marked === undefined && x.correctAnswer === null);
    const earned = unmarked ? null : (x.earned ?? (x.correct ? marks : 0));
    return {
      questionId: x.questionId,
      index,
      text: q?.text ?? "",
      options: q?.options ?? [],
      type,
      marks,
      ...(q?.unit ? { unit: q.unit } : {}),
      ...(q?.parts?.length ? { parts: q.parts } : {}),
      ...(q?.equations?.length ? { equations: q.equations } : {}),
      yourAnswer: x.answer,
      correct: earned === null ? null : x.correct,
      correctAnswer: type === "written" ? schemeOf(x) : (x.key ?? x.correctAnswer),
      earned,
    };
  });
  const marked = review.filter((x) => x.earned !== null).length;
  return { resultId: r.id, score: marked ? r.percentage : null, correct: r.score, total: r.total, review };
}

/** What the page keeps in the browser's history entry: the round it started, so a reload resumes it (and a fresh visit asks first). */
type PracticeHistoryState = { practiceRound?: number } | null;

/** How many questions the group has (the first page's total), for the start screen. */
const useGroupCount = (g: GroupKey | null, enabled: boolean) =>
  useQuery({
    queryKey: ["practice", "group-count", g],
    queryFn: ({ signal }) => api<StudentBankQuestionPage>("/questions", { query: { ...g!, page: 1, limit: 1 }, signal }).then((r) => r.pagination.total),
    enabled: enabled && g !== null,
  });

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" component="div">
        {value}
      </Text>
    </Group>
  );
}

const minutes = (n: number) => `${n} ${n === 1 ? "minute" : "minutes"}`;

/**
 * The practice's "before you start" screen, as a quiz's pre-start screen: the time limit, the number of
 * questions and how many per page, and the rule that the timer starts on Start. A round already
 * running on this device (left, or the tab closed) shows its time left and answers, with Resume.
 */
function PracticeStart({
  title,
  subtitle,
  timeLimit,
  perPage,
  count,
  kept,
  listPath,
  onStart,
  onResume,
}: {
  title: string;
  subtitle: string;
  timeLimit: number | null;
  perPage: number;
  count: { loading: boolean; value: number | null };
  kept: KeptRound | null;
  listPath: string;
  onStart: () => void;
  onResume: () => void;
}) {
  const expired = kept?.deadline != null && kept.deadline <= Date.now();
  const answered = kept ? kept.items.filter((q) => hasAnswer(q, kept.answers[q.id])).length : 0;
  const heading = !kept ? "Before you start" : expired ? "Time is up for your practice round" : "Your practice round is running";
  return (
    <Stack maw={760}>
      <Stack gap={6}>
        <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
          {title}
        </Title>
        <Text c="dimmed">{kept ? kept.subtitle : subtitle}</Text>
      </Stack>
      <Paper withBorder p="md" component="section" aria-label={heading} data-testid="pre-start">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {heading}
          </Title>
          {kept ? (
            <>
              <Row
                label="Time left"
                value={
                  kept.deadline === null ? (
                    "No time limit"
                  ) : expired ? (
                    "None"
                  ) : (
                    <Countdown deadline={kept.deadline} now={Date.now} label="Time left" size="sm" />
                  )
                }
              />
              <Row label="Answered" value={`${answered} of ${kept.items.length}`} />
              <Text size="sm" fw={600}>
                {expired
                  ? "Its time ran out while you were away. Submit it to see your score with the answers you gave."
                  : "The timer kept running while you were away."}
              </Text>
            </>
          ) : (
            <>
              <Row label="Time limit" value={timeLimit ? minutes(timeLimit) : "No time limit"} />
              <Row label="Questions" value={count.loading ? <Skeleton height={14} width={32} /> : (count.value ?? "—")} />
              <Row label="Questions per page" value={perPage} />
              <Text size="sm" fw={600}>
                The timer starts when you press Start and keeps running if you leave.
              </Text>
            </>
          )}
          <Text size="sm" c="dimmed">
            Your answers are kept on this device until you submit.
          </Text>
          <Group gap="sm" wrap="wrap">
            {kept ? (
              <>
                <Button size="md" onClick={onResume}>
                  {expired ? "Submit it" : "Resume"}
                </Button>
                <Button size="md" variant="default" onClick={onStart}>
                  Start a new round
                </Button>
              </>
            ) : (
              <Button size="md" onClick={onStart}>
                Start
              </Button>
            )}
            <Button size="md" variant="subtle" component={Link} to={listPath}>
              Back to the list
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * /students/dashboard/past-questions/attempt/{group} and /admin/dashboard/questions/attempt/{group}:
 * practice on the attempt screen with the time limit and questions per page chosen on the list
 * (?timeLimit=&perPage=). Nothing starts on arrival: the start screen comes first (issue 24). A round
 * is kept in the browser (per user and group) until it is submitted, and a reload resumes it with its
 * answers and deadline. Reset Quiz goes back to the list; "Retry the ones I got wrong" starts a round
 * of just those questions.
 */
export function PracticePage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useAuth();
  const base = areaBase(location.pathname);
  const listPath = base === "/students/dashboard" ? `${base}/past-questions` : `${base}/questions`;
  const group = parseGroupId(id);
  const timeLimit = Math.min(300, Math.max(0, Number(params.get("timeLimit") ?? 30) || 0)) || null;
  const perPage = Math.min(50, Math.max(1, Number(params.get("perPage")) || 5));
  const qc = useQueryClient();
  const userId = user?.id ?? null;
  const store = useMemo(
    () => (group && userId !== null ? roundStore(practiceRoundKey(userId, groupId(group))) : null),
    // group is derived from id
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [id, userId],
  );
  // The round this device keeps for the group, read on arrival (for the start screen).
  const kept = useMemo(() => store?.read() ?? null, [store]);
  // A reload of the page that started the round resumes it at once; any other arrival asks first (null: not chosen yet).
  const [chosen, setRunning] = useState<boolean | null>(null);
  const running = chosen ?? (kept !== null && kept.id === (location.state as PracticeHistoryState)?.practiceRound);
  const count = useGroupCount(group, !running && !kept);
  // Each round: the whole group, or the wrong ones of the round before.
  const [round, setRound] = useState<{ n: number; only: PracticeItem[] | null; retryOf?: number }>({ n: 0, only: null });
  const lastResult = useRef<number | undefined>(undefined);
  // The round's questions as loaded, so a retry keeps their pictures.
  const lastItems = useRef<Map<number, PracticeItem>>(new Map());

  useEffect(() => purgeOldRounds(), []);

  // The history entry remembers the round, so a reload comes straight back to it.
  const here = useRef({ pathname: location.pathname, search: location.search, state: location.state as PracticeHistoryState });
  here.current = { pathname: location.pathname, search: location.search, state: location.state as PracticeHistoryState };
  const onRound = useCallback(
    (r: KeptRound) => {
      const { pathname, search, state } = here.current;
      if (state?.practiceRound !== r.id) void navigate({ pathname, search }, { replace: true, state: { practiceRound: r.id } satisfies PracticeHistoryState });
    },
    [navigate],
  );

  const title = group ? `${group.subject} ${group.year}` : "";
  const engine = useMemo(
    () =>
      group &&
      createPracticeEngine({
        title,
        subtitle: round.only ? `Section ${group.section} · retrying ${round.only.length} questions` : `Section ${group.section} · practice`,
        questions: () => (round.only ? Promise.resolve(round.only) : loadGroup(group)),
        grade: async (answers, questionIds, items, r) => {
          const res = await api<PracticeResult>("/practice", { method: "POST", body: { questionIds, answers, retryOf: r.retryOf } });
          lastItems.current = new Map(items.map((q) => [q.id, q]));
          const g = practiceReview(res, items);
          lastResult.current = g.resultId;
          return g;
        },
        timeLimit,
        questionsPerPage: perPage,
        retryOf: round.retryOf,
        store,
        onRound,
      }),
    // The group, settings, store and round define the engine.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- group is derived from id
    [id, timeLimit, perPage, round, store, onRound],
  );

  const back = useCallback(() => navigate(listPath), [navigate, listPath]);
  const onFinished = useCallback(() => void qc.invalidateQueries({ queryKey: ["practice"] }), [qc]);
  /** A new round (nothing kept is resumed): the whole group, or `only` those questions. */
  const startNew = (only: PracticeItem[] | null, retryOf?: number) => {
    store?.clear();
    setRound((r) => ({ n: r.n + 1, only, retryOf }));
    setRunning(true);
  };

  if (!engine) return <QuizError message={LOAD_FAILED} onBack={back} />;

  if (!running) {
    return (
      <PracticeStart
        title={title}
        subtitle={`Section ${group!.section} · practice`}
        timeLimit={timeLimit}
        perPage={perPage}
        count={{ loading: count.isPending && count.fetchStatus !== "idle", value: count.data ?? null }}
        kept={kept}
        listPath={listPath}
        onStart={() => startNew(null)}
        onResume={() => setRunning(true)}
      />
    );
  }

  return (
    <QuizRunner
      key={round.n}
      engine={engine}
      onBack={back}
      onFinished={onFinished}
      resultActions={(result) => {
        const wrong = (result.review ?? [])
          .filter((r) => r.correct !== true)
          .map(
            (r) =>
              lastItems.current.get(r.questionId) ?? {
                id: r.questionId,
                text: r.text,
                options: r.options,
                type: r.type,
                marks: r.marks,
                ...(r.unit ? { unit: r.unit } : {}),
                ...(r.parts ? { parts: r.parts } : {}),
                ...(r.equations ? { equations: r.equations } : {}),
              },
          );
        return (
          <>
            <Button component={Link} to={listPath} variant="default">
              Reset Quiz
            </Button>
            {wrong.length > 0 && (
              <Button variant="light" onClick={() => startNew(wrong, lastResult.current)}>
                Retry the ones I got wrong
              </Button>
            )}
            <Button variant="subtle" onClick={() => startNew(null)}>
              Practise all again
            </Button>
          </>
        );
      }}
    />
  );
}
