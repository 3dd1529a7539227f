import { Select, type SelectProps } from "@mantine/core";

/**
 * The staff lists' "Quiz" filter (grades, submissions, records): a searchable, clearable choice among
 * the given quizzes, "All quizzes" when none is chosen. `onChange` gets the chosen quiz id as text, or null.
 */
export function QuizFilterSelect({
  quizzes,
  value,
  onChange,
  ...rest
}: {
  quizzes: readonly { id: number; title: string }[] | undefined;
  value: string | null;
  onChange: (quizId: string | null) => void;
} & Pick<SelectProps, "miw" | "maw">) {
  return (
    <Select
      label="Quiz"
      placeholder="All quizzes"
      clearable
      searchable
      data={(quizzes ?? []).map((q) => ({ value: String(q.id), label: q.title }))}
      value={value}
      onChange={onChange}
      {...rest}
    />
  );
}
