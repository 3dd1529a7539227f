import { NumberInput, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { QUIZ_LIMITS, QUIZ_MESSAGES } from "@adesua/domain/constants";
import { DateTimeField, TimeZoneNote } from "@/components/date-time-field";
import { defaultWindow, NEW_QUIZ_DEFAULTS, proposedShowScore, SHOW_SCORE_OPTIONS, showScoreReason, type ShowScore } from "@/lib/new-quiz";

type Num = number | string;

/** The window and limits a quiz made from questions (an uploaded paper, the bank) is created with. */
export type NewQuizSettings = {
  /** `YYYY-MM-DDTHH:mm` local time; "" means no bound. */
  openTime: string;
  closeTime: string;
  timeLimit: Num;
  maxAttempts: Num;
  passingScore: Num;
  showScore: ShowScore;
  /** Once the teacher picks, the form stops proposing. */
  showScoreChosen: boolean;
};

export type NewQuizSettingsErrors = Partial<Record<"openTime" | "closeTime" | "timeLimit" | "maxAttempts" | "passingScore", string>>;

export function newQuizSettings(now = new Date()): NewQuizSettings {
  const w = defaultWindow(now);
  const s = { ...w, ...NEW_QUIZ_DEFAULTS };
  return { ...s, showScore: proposedShowScore(s), showScoreChosen: false };
}

const blank = (v: Num) => typeof v === "string" && v.trim() === "";
const num = (v: Num) => (typeof v === "number" ? v : Number(v.trim()));
const wholeIn = (v: Num, min: number, max: number) => Number.isInteger(num(v)) && num(v) >= min && num(v) <= max;
const when = (v: string) => (v.trim() ? new Date(v) : null);

/** The same rules as the server's (QuizFormSchema's messages), checked before anything is sent. */
export function checkNewQuizSettings(s: NewQuizSettings): NewQuizSettingsErrors {
  const e: NewQuizSettingsErrors = {};
  const open = when(s.openTime);
  const close = when(s.closeTime);
  if (open && Number.isNaN(open.getTime())) e.openTime = QUIZ_MESSAGES.openTime;
  if (close && Number.isNaN(close.getTime())) e.closeTime = QUIZ_MESSAGES.closeTime;
  if (!e.openTime && !e.closeTime && open && close && close.getTime() <= open.getTime()) e.closeTime = QUIZ_MESSAGES.closeAfterOpen;
  if (!blank(s.timeLimit) && !wholeIn(s.timeLimit, QUIZ_LIMITS.timeLimit.min, QUIZ_LIMITS.timeLimit.max)) e.timeLimit = QUIZ_MESSAGES.timeLimit;
  if (!blank(s.maxAttempts) && !wholeIn(s.maxAttempts, QUIZ_LIMITS.maxAttempts.min, QUIZ_LIMITS.maxAttempts.max)) e.maxAttempts = QUIZ_MESSAGES.maxAttempts;
  if (blank(s.passingScore) || !(num(s.passingScore) >= 0 && num(s.passingScore) <= 100)) e.passingScore = QUIZ_MESSAGES.passingScore;
  return e;
}

/** The settings as the API's JSON fields (ISO instants; null for no bound, no limit, unlimited). */
export function newQuizSettingsPayload(s: NewQuizSettings) {
  const iso = (v: string) => (v.trim() ? new Date(v).toISOString() : null);
  return {
    openTime: iso(s.openTime),
    closeTime: iso(s.closeTime),
    timeLimit: blank(s.timeLimit) ? null : num(s.timeLimit),
    maxAttempts: blank(s.maxAttempts) ? null : num(s.maxAttempts),
    passingScore: num(s.passingScore),
    showScore: s.showScore,
  };
}

/** Applies a change and keeps proposing "When students see their score" until the teacher has chosen. */
export function changeNewQuizSettings(s: NewQuizSettings, patch: Partial<NewQuizSettings>): NewQuizSettings {
  const next = { ...s, ...patch };
  if ("showScore" in patch) return { ...next, showScoreChosen: true };
  return next.showScoreChosen ? next : { ...next, showScore: proposedShowScore(next) };
}

/** One number setting of a quiz (a limit, a count, a pass mark). */
export type QuizNumberField = {
  label: string;
  description?: string;
  /** Whole numbers only (default). */ whole?: boolean;
  value: Num;
  onChange: (v: Num) => void;
  error?: string;
};

/**
 * A quiz's number settings side by side (one column on a phone): never negative and never clamped while typing (the
 * form's checks say what is out of range), whole numbers unless a field says otherwise. The quiz form and the
 * settings of a quiz made from questions both lay theirs out with it.
 */
export function QuizNumberInputs({ fields, cols, disabled }: { fields: QuizNumberField[]; cols: number; disabled?: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: cols }}>
      {fields.map(({ whole = true, ...f }) => (
        <NumberInput key={f.label} {...f} allowDecimal={whole ? false : undefined} allowNegative={false} clampBehavior="none" disabled={disabled} />
      ))}
    </SimpleGrid>
  );
}

/** "When students see their score", with the reason for the proposed choice (or what the chosen one means) below it. */
export function ShowScoreSelect({
  value,
  proposed,
  onChange,
  disabled,
}: {
  value: ShowScore;
  proposed: ShowScore;
  onChange: (v: ShowScore) => void;
  disabled?: boolean;
}) {
  return (
    <Select
      label="When students see their score"
      data={SHOW_SCORE_OPTIONS}
      value={value}
      onChange={(v) => v && onChange(v as ShowScore)}
      allowDeselect={false}
      description={showScoreReason(value, proposed)}
      disabled={disabled}
    />
  );
}

/** The settings' number fields, in the order they show (whole numbers unless said). */
const SETTING_NUMBERS = [
  { field: "timeLimit", label: "Time limit (minutes)", description: "Empty: no time limit" },
  { field: "maxAttempts", label: "Attempts allowed", description: "Empty: unlimited" },
  { field: "passingScore", label: "Passing score (%)", whole: false },
] as const;

/** Window, time limit, attempts, pass mark and when the score is shown, with the defaults filled in. */
export function NewQuizSettingsFields({
  value,
  onChange,
  errors,
  disabled,
}: {
  value: NewQuizSettings;
  onChange: (next: NewQuizSettings) => void;
  errors: NewQuizSettingsErrors;
  disabled?: boolean;
}) {
  const set = (patch: Partial<NewQuizSettings>) => onChange(changeNewQuizSettings(value, patch));
  const proposed = proposedShowScore(value);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateTimeField label="Open time" value={value.openTime} onChange={(v) => set({ openTime: v })} error={errors.openTime} disabled={disabled} />
        <DateTimeField label="Close time" value={value.closeTime} onChange={(v) => set({ closeTime: v })} error={errors.closeTime} disabled={disabled} />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Leave a time empty to keep the quiz open on that side.
      </Text>
      <TimeZoneNote />
      <QuizNumberInputs
        cols={3}
        disabled={disabled}
        fields={SETTING_NUMBERS.map(({ field, ...f }) => ({ ...f, value: value[field], onChange: (v) => set({ [field]: v }), error: errors[field] }))}
      />
      <ShowScoreSelect value={value.showScore} proposed={proposed} onChange={(v) => set({ showScore: v })} disabled={disabled} />
    </Stack>
  );
}
