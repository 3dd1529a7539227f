import { Paper, Text } from "@mantine/core";
import { MathText } from "@/components/math-text";
import { LETTERS } from "./field-props";
import { typeOf, type QuestionBody } from "./question-body";

/** How the question reads with its equations drawn (the text keeps their linear form while it is edited). */
export function EquationPreview({ q, n }: { q: QuestionBody; n: number }) {
  const type = typeOf(q);
  return (
    <Paper withBorder p="xs" bg="var(--mantine-color-gray-0)" aria-label={`Question ${n} preview`} component="section">
      <Text size="xs" c="dimmed" mb={4}>
        Preview with equations
      </Text>
      <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
        <MathText text={q.text} equations={q.equations} />
      </Text>
      {(type === "single" || type === "multiple") &&
        q.options.map((o, k) =>
          o.trim() ? (
            <Text key={k} size="sm" style={{ overflowWrap: "anywhere" }}>
              {LETTERS[k]}. <MathText text={o} equations={q.equations} />
            </Text>
          ) : null,
        )}
    </Paper>
  );
}
