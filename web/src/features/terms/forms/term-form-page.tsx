import { useEffect, useState, type FormEvent } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { Button, Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { TermInputSchema, type TermInput } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { issuesToFieldErrors } from "@/lib/form-errors";
import { staffBase } from "@/lib/staff-area";
import { ErrorState } from "@/components/error-state";
import { FormPage, FormPageLoading, useFormFields } from "@/components/form-page";
import { useSaveTerm, useSchool, useTerm } from "../api/terms";

type Values = {
  name: string;
  number: "1" | "2" | "3";
  startsOn: string;
  endsOn: string;
  nextTermBegins: string;
  classWeight: number | string;
  positionScope: "class" | "level";
  attendanceDays: number | string;
};
type Field = keyof Values;

const num = (v: number | string) => (v === "" ? undefined : Number(v));

/** The form's values as the API's TermInput (the exam weight is what the class weight leaves of 100). */
export function toTermInput(v: Values): unknown {
  const classWeight = num(v.classWeight);
  return {
    name: v.name,
    number: Number(v.number),
    startsOn: v.startsOn,
    endsOn: v.endsOn,
    nextTermBegins: v.nextTermBegins || null,
    ...(classWeight === undefined ? {} : { classWeight, examWeight: Math.round((100 - classWeight) * 100) / 100 }),
    positionScope: v.positionScope,
    attendanceDays: num(v.attendanceDays) ?? null,
  };
}

/** The same checks as the server's (the shared schema), each shown under its field. */
export function validateTerm(v: Values): Partial<Record<Field, string>> {
  const parsed = TermInputSchema.safeParse(toTermInput(v));
  if (parsed.success) return {};
  return issuesToFieldErrors<Field>(parsed.error.issues, (p) => (p === "examWeight" ? "classWeight" : ((p.split(".")[0] as Field) ?? null)));
}

/** terms/new and terms/:id/edit (admin): name, number, dates, weights (the school's by default; 50/50 a tap away), positions, days opened. */
export function TermFormPage() {
  const param = useParams().id;
  const id = param ? Number(param) : undefined;
  const base = staffBase(useLocation().pathname);
  const navigate = useNavigate();
  const existing = useTerm(id);
  const school = useSchool();
  const save = useSaveTerm();
  const [error, setError] = useState<string | null>(null);
  const f = useFormFields<Values, Partial<Record<Field, string>>>(
    { name: "", number: "1", startsOn: "", endsOn: "", nextTermBegins: "", classWeight: 30, positionScope: "class", attendanceDays: "" },
    validateTerm,
  );
  const { setValues } = f;

  useEffect(() => {
    const t = existing.data;
    if (t)
      setValues({
        name: t.name,
        number: String(t.number) as Values["number"],
        startsOn: t.startsOn.slice(0, 10),
        endsOn: t.endsOn.slice(0, 10),
        nextTermBegins: t.nextTermBegins?.slice(0, 10) ?? "",
        classWeight: t.classWeight,
        positionScope: t.positionScope,
        attendanceDays: t.attendanceDays ?? "",
      });
  }, [existing.data, setValues]);
  // A new term starts from the school's own weights and position scope.
  useEffect(() => {
    const a = school.data?.assessment;
    if (!id && a) setValues((v) => ({ ...v, classWeight: a.classWeight, positionScope: a.positionScope }));
  }, [id, school.data, setValues]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!f.check()) return;
    setError(null);
    save.mutate(
      { id, values: toTermInput(f.values) as TermInput },
      {
        onSuccess: (t) => {
          notifications.show({ color: "green", message: id ? `Saved ${t.name}` : `Created ${t.name}` });
          navigate(`${base}/terms/${t.id}`);
        },
        onError: (err) => setError(errorText(err, "Could not save the term")),
      },
    );
  };

  if (id && existing.isPending) return <FormPageLoading height={480} />;
  if (id && existing.isError) return <ErrorState message={errorText(existing.error, "Could not load the term")} onRetry={() => void existing.refetch()} />;
  const v = f.values;
  const cw = num(v.classWeight);
  const schoolWeights = school.data?.assessment ?? { classWeight: 30, examWeight: 70 };

  return (
    <FormPage
      title={id ? "Edit term" : "New term"}
      subtitle="Subjects and their scores are set on the term's page after it is saved."
      onSubmit={submit}
      error={error}
      submitLabel={id ? "Save changes" : "Create term"}
      busy={save.isPending}
      cancelTo={id ? `${base}/terms/${id}` : `${base}/terms`}
    >
      <TextInput
        label="Name"
        required
        placeholder="2026/27 First Term"
        value={v.name}
        onChange={(e) => f.set("name", e.currentTarget.value)}
        error={f.errors.name}
        maxLength={120}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="term-number-label">
          Term
        </Text>
        <SegmentedControl
          aria-labelledby="term-number-label"
          data={[
            { value: "1", label: "First" },
            { value: "2", label: "Second" },
            { value: "3", label: "Third" },
          ]}
          value={v.number}
          onChange={(x) => f.set("number", x as Values["number"])}
          maw={360}
        />
        {f.errors.number && (
          <Text size="xs" c="red">
            {f.errors.number}
          </Text>
        )}
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          type="date"
          label="Starts on"
          required
          value={v.startsOn}
          onChange={(e) => f.set("startsOn", e.currentTarget.value)}
          error={f.errors.startsOn}
        />
        <TextInput type="date" label="Ends on" required value={v.endsOn} onChange={(e) => f.set("endsOn", e.currentTarget.value)} error={f.errors.endsOn} />
        <TextInput
          type="date"
          label="Next term begins"
          value={v.nextTermBegins}
          onChange={(e) => f.set("nextTermBegins", e.currentTarget.value)}
          error={f.errors.nextTermBegins}
        />
      </SimpleGrid>
      <Stack gap={6}>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <NumberInput
            label="Class score weight (%)"
            min={0}
            max={100}
            decimalScale={2}
            value={v.classWeight}
            onChange={(x) => f.set("classWeight", x)}
            error={f.errors.classWeight}
            w={200}
          />
          <Text size="sm" pb={8}>
            Exam score weight: <b>{cw === undefined || Number.isNaN(cw) ? "—" : Math.round((100 - cw) * 100) / 100}%</b>
          </Text>
        </Group>
        <Group gap="xs">
          <Button size="xs" variant={cw === 50 ? "filled" : "light"} onClick={() => f.set("classWeight", 50)}>
            50 / 50
          </Button>
          <Button size="xs" variant={cw === schoolWeights.classWeight ? "filled" : "light"} onClick={() => f.set("classWeight", schoolWeights.classWeight)}>
            School default ({schoolWeights.classWeight} / {schoolWeights.examWeight})
          </Button>
        </Group>
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="position-scope-label">
          Positions within
        </Text>
        <SegmentedControl
          aria-labelledby="position-scope-label"
          data={[
            { value: "class", label: "The class" },
            { value: "level", label: "Whole level" },
          ]}
          value={v.positionScope}
          onChange={(x) => f.set("positionScope", x as Values["positionScope"])}
          maw={360}
        />
      </Stack>
      <NumberInput
        label="Days the school opened"
        description="Attendance is written as present N out of these days."
        min={0}
        max={366}
        allowDecimal={false}
        value={v.attendanceDays}
        onChange={(x) => f.set("attendanceDays", x)}
        error={f.errors.attendanceDays}
        w={200}
      />
    </FormPage>
  );
}
