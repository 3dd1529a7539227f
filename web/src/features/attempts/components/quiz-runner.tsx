import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Alert, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { QuizEngine, RunnerResult, RunnerSession } from "../engine";
import { useQuizRunner } from "../hooks/use-quiz-runner";
import { buildParts, canView, currentPartIndex, isQuestionOpen, paginate } from "../lib/sections";
import { hasAnswer, unansweredNumbers } from "../lib/unanswered";
import { Countdown } from "./countdown";
import { loadTypedAnswer, QuestionCard } from "./question-card";
import { QuizError } from "./quiz-error";
import { afterLoadAndIdle, ConfirmSteps } from "./lazy-modal";
import { SaveStatusText } from "./save-status";
import classes from "./quiz-runner.module.css";

/**
 * The result screen is never part of the first paint: fetched once the page has loaded and the browser is idle (as
 * the dialogs are, decision 031), so the attempt screen's first load stays within its budget; a result shown sooner
 * (a reload of a submitted attempt) loads it at once. Its words for late answers, withheld scores and answers grew it.
 */
const loadResultView = () => import("./result-view");
const ResultView = lazy(() => loadResultView().then((m) => ({ default: m.ResultView })));

export type QuizRunnerProps = {
  engine: QuizEngine;
  /** Go Back on the Quiz Error screen. */
  onBack: () => void;
  /** Links under the result (back to the quizzes, records, try again…). */
  resultActions?: (result: RunnerResult, session: RunnerSession) => ReactNode;
  onFinished?: (result: RunnerResult) => void;
  /** sessionStorage key to keep the page the student is on across a reload (e.g. per attempt); none to not keep it. */
  viewKey?: string | null;
};

type View = { part: number; page: number };

function readView(key: string | null | undefined, current: number | null): View | null {
  if (!key) return null;
  try {
    const v = JSON.parse(sessionStorage.getItem(key) ?? "null") as (View & { current: number | null }) | null;
    return v && v.current === current && Number.isInteger(v.part) && Number.isInteger(v.page) ? { part: v.part, page: v.page } : null;
  } catch {
    return null;
  }
}

function attemptLine(s: RunnerSession): string {
  const parts = [s.subtitle];
  if (s.attemptNumber !== null) parts.push(s.maxAttempts === null ? `Attempt ${s.attemptNumber}` : `Attempt ${s.attemptNumber} of ${s.maxAttempts}`);
  return parts.filter(Boolean).join(" · ");
}

/**
 * The quiz-taking screen, whatever runs it (the attempt API, or practice questions from the bank):
 * title and course, the server-driven timer, timed sections with their own countdown, pages of
 * questions, "Answered N of M", the save status, Submit Quiz with a confirmation, and the result.
 */
/** Previous Section and Next Section look alike, side by side under the questions. */
const SECTION_BUTTON = { variant: "light", size: "md", fz: "sm", px: 8, fullWidth: true } as const;

export function QuizRunner({ engine, onBack, resultActions, onFinished, viewKey }: QuizRunnerProps) {
  const { state, answer, submit, nextSection, retryLoad, clearNotice } = useQuizRunner(engine, { onFinished });
  const { session, phase } = state;
  const parts = useMemo(() => (session ? buildParts(session) : []), [session]);
  const [view, setView] = useState<View>({ part: 0, page: 0 });
  const [confirm, setConfirm] = useState<"submit" | "next" | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  // Fetched ahead, while the connection is there (the service worker then keeps them): the result, and the answer boxes
  // of typed questions (a page further on may need them offline).
  useEffect(() => afterLoadAndIdle(() => void Promise.all([loadResultView(), loadTypedAnswer()]).catch(() => {})), []);

  // A new current section (moved on, by the student or by time) is where the student goes.
  const current = session?.currentSection ?? null;
  const shownSection = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (!session) return;
    // Moving on (not the first showing) takes the keyboard and screen reader to the new section's heading.
    const first = shownSection.current === undefined;
    moved.current = !first;
    shownSection.current = current;
    // After a reload, the student comes back to the page they were on (if it is still theirs to see).
    const kept = first ? readView(viewKey, current) : null;
    setView(kept && parts[kept.part] && canView(session, parts[kept.part]) ? kept : { part: currentPartIndex(parts, session), page: 0 });
    // Only a change of section (or the first load) moves the view; answering keeps the student where they are.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately keyed on the section alone (see above)
  }, [current, phase === "loading"]);

  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
    moved.current = false;
  }, [view]);

  useEffect(() => {
    if (!viewKey || phase !== "running") return;
    try {
      sessionStorage.setItem(viewKey, JSON.stringify({ ...view, current }));
    } catch {
      /* only a convenience */
    }
  }, [viewKey, view, current, phase]);

  if (phase === "loading") {
    return (
      <Stack align="center" mih="50vh" justify="center" role="status">
        <Loader size="sm" />
        <Text>Loading quiz...</Text>
      </Stack>
    );
  }
  if (phase === "error" || !session)
    return <QuizError message={state.error ?? ""} onBack={onBack} onRetry={state.errorKind === "refused" ? undefined : retryLoad} />;

  if (phase === "done" && session.result) {
    return (
      <Suspense fallback={<Loader size="sm" aria-label="Loading the result" />}>
        <ResultView
          title={session.title}
          result={session.result}
          preview={session.preview}
          auto={state.autoSubmitted}
          actions={resultActions?.(session.result, session)}
        />
      </Suspense>
    );
  }

  const part = parts[Math.min(view.part, parts.length - 1)];
  const pages = paginate(part.questions, session.questionsPerPage);
  const page = Math.min(view.page, pages.length - 1);
  const answered = session.questions.filter((q) => hasAnswer(q, state.answers[q.id])).length;
  const total = session.questions.length;
  const sectionCount = session.sections.length;
  const curSection = current === null ? null : session.sections[current];
  const viewingEnded = part.sectionIndex !== null && current !== null && part.sectionIndex < current;
  const viewingCurrent = part.sectionIndex !== null && part.sectionIndex === current;
  const sectionTimeUp = state.expiredSection !== null && state.expiredSection === current;
  const running = phase === "running";
  const locked = (index: number) =>
    !running ||
    state.timeUp ||
    !isQuestionOpen(session, index) ||
    (sectionTimeUp && curSection !== null && index >= curSection.startIndex && index <= curSection.endIndex);

  const go = (next: { part: number; page: number }) => {
    moved.current = true;
    setView(next);
    window.scrollTo?.({ top: 0 });
  };
  const prevPart = view.part > 0 && canView(session, parts[view.part - 1]) ? view.part - 1 : null;
  const nextPart = view.part + 1 < parts.length && canView(session, parts[view.part + 1]) ? view.part + 1 : null;
  // Moving on from the current timed section to the next timed one is the server's "next section".
  const advancesSection = viewingCurrent && current !== null && current < sectionCount - 1;
  const nextSectionName = advancesSection ? session.sections[current! + 1].name : null;
  const upcoming = session.sections.filter((s) => s.status === "upcoming" && s.index !== current);
  const unansweredAll = unansweredNumbers(session.questions, state.answers);
  const unansweredHere = curSection
    ? unansweredNumbers(
        session.questions.filter((q) => q.index >= curSection.startIndex && q.index <= curSection.endIndex),
        state.answers,
      )
    : [];

  return (
    <Stack gap="md" maw={760}>
      <Stack gap={4}>
        <Title order={1} size="h3" style={{ overflowWrap: "anywhere" }}>
          {session.title}
        </Title>
        <Text c="dimmed" size="sm">
          {attemptLine(session)}
        </Text>
        {session.preview && (
          <Badge color="blue" variant="light">
            Preview — nothing is recorded
          </Badge>
        )}
      </Stack>

      <div className={classes.bar}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="center">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Time left
            </Text>
            {session.deadline !== null ? <Countdown deadline={session.deadline} now={engine.now} label="Time left" /> : <Text fw={600}>No time limit</Text>}
          </Stack>
          <SaveStatusText status={state.saveStatus} />
        </Group>
        <Group justify="space-between" wrap="wrap" gap={4} mt={4}>
          {curSection && curSection.deadline !== null ? (
            <Text size="sm">
              {curSection.name} ends in <Countdown deadline={curSection.deadline} now={engine.now} label={`${curSection.name} time left`} size="sm" />
            </Text>
          ) : (
            <span />
          )}
          <Text size="sm" fw={500} data-testid="answered-count">
            Answered {answered} of {total}
          </Text>
        </Group>
        <div className={classes.track} aria-hidden="true">
          <div className={classes.fill} style={{ width: `${total ? (answered / total) * 100 : 0}%` }} />
        </div>
      </div>

      {state.timeUp && running && (
        <Alert color="red" variant="light" role="alert">
          Time is up. Submitting your answers…
        </Alert>
      )}
      {state.notice && (
        <Alert color="orange" variant="light" role="alert" withCloseButton onClose={clearNotice} closeButtonLabel="Dismiss">
          {state.notice}
        </Alert>
      )}
      {phase === "submitting" && (
        <Paper withBorder p="md" role="status">
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" />
            <Text>Submitting your answers…</Text>
          </Group>
        </Paper>
      )}

      <Stack gap={4}>
        {part.title && (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} size="h4" ref={headingRef} tabIndex={-1}>
              {part.sectionIndex !== null ? `Section ${part.sectionIndex + 1} of ${sectionCount}: ${part.title}` : part.title}
            </Title>
            {viewingEnded && <Badge color="gray">Ended · read only</Badge>}
            {viewingCurrent && !sectionTimeUp && <Badge color="green">Current section</Badge>}
          </Group>
        )}
        {!part.title && (
          <Title order={2} size="h4" ref={headingRef} tabIndex={-1}>
            Questions
          </Title>
        )}
        {pages.length > 1 && (
          <Text size="sm" c="dimmed">
            Page {page + 1} of {pages.length}
          </Text>
        )}
      </Stack>

      {viewingEnded && (
        <Alert color="gray" variant="light">
          This section has ended. Its answers can no longer change.
        </Alert>
      )}
      {viewingCurrent && sectionTimeUp && (
        <Alert color="orange" variant="light" role="alert">
          Time for this section is up. Moving to the next section…
        </Alert>
      )}

      <Stack gap="sm">
        {pages[page].map((q) => (
          <QuestionCard key={q.id} question={q} answer={state.answers[q.id]} locked={locked(q.index)} onAnswer={answer} />
        ))}
      </Stack>

      {pages.length > 1 && (
        <SimpleGrid cols={2} spacing="xs">
          <Button variant="default" size="md" fz="sm" px={8} fullWidth disabled={page === 0} onClick={() => go({ part: view.part, page: page - 1 })}>
            Previous page
          </Button>
          <Button
            variant="default"
            size="md"
            fz="sm"
            px={8}
            fullWidth
            disabled={page >= pages.length - 1}
            onClick={() => go({ part: view.part, page: page + 1 })}
          >
            Next page
          </Button>
        </SimpleGrid>
      )}

      {parts.length > 1 && (
        <SimpleGrid cols={2} spacing="xs">
          <Button {...SECTION_BUTTON} disabled={prevPart === null} onClick={() => prevPart !== null && go({ part: prevPart, page: 0 })}>
            Previous Section
          </Button>
          <Button
            {...SECTION_BUTTON}
            disabled={!running || state.advancing || (nextPart === null && !advancesSection)}
            loading={state.advancing}
            onClick={() => (advancesSection ? setConfirm("next") : nextPart !== null && go({ part: nextPart, page: 0 }))}
          >
            Next Section
          </Button>
        </SimpleGrid>
      )}

      <Button size="lg" fullWidth onClick={() => setConfirm("submit")} disabled={!running} loading={phase === "submitting"}>
        Submit Quiz
      </Button>

      <ConfirmSteps
        confirm={confirm}
        onStay={() => setConfirm(null)}
        onSubmit={() => void submit()}
        onNext={() => {
          if (current !== null) void nextSection(current);
        }}
        unansweredAll={unansweredAll}
        unansweredHere={unansweredHere}
        upcoming={upcoming.map((s) => s.name)}
        nextSectionName={nextSectionName}
        sectionName={curSection?.name ?? null}
      />
    </Stack>
  );
}
