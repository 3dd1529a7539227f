import { Group, Radio } from "@mantine/core";
import { TRUE_FALSE_OPTIONS } from "@adesua/domain/rules";
import type { TypeFieldsProps } from "./field-props";

/** The right one of True and False. */
export function TrueFalseFields({ n, q, set, err, disabled }: TypeFieldsProps) {
  return (
    <Radio.Group
      label="The right answer"
      value={q.answerIndex === null ? null : String(q.answerIndex)}
      onChange={(v) => set({ answerIndex: v === "" ? null : Number(v) })}
      error={err("answer")}
    >
      <Group gap="lg" mt={6}>
        {TRUE_FALSE_OPTIONS.map((o, i) => (
          <Radio key={o} value={String(i)} label={o} disabled={disabled} aria-label={`Question ${n}: ${o} is right`} />
        ))}
      </Group>
    </Radio.Group>
  );
}
