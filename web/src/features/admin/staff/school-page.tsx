import { useEffect, useState, type FormEvent } from "react";
import { Button, FileInput, Group, Paper, Skeleton, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { School } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { formatBytes } from "@/lib/format";
import { PageHeader } from "@/components/page-header";
import { ErrorState } from "@/components/error-state";
import { FormError } from "@/components/form-actions";
import { ProtectedImage } from "@/components/protected-image";
import { crestProblem, crestSrc, useRemoveCrest, useSaveSchool, useSchool, useUploadCrest } from "../api/school";
import { AssessmentForm } from "./assessment-form";

/** Name, address and motto: as printed at the top of every report card and result slip. */
function ProfileForm({ school }: { school: School }) {
  const save = useSaveSchool();
  const [name, setName] = useState(school.name);
  const [address, setAddress] = useState(school.address);
  const [motto, setMotto] = useState(school.motto);
  useEffect(() => {
    setName(school.name);
    setAddress(school.address);
    setMotto(school.motto);
  }, [school.name, school.address, school.motto]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { name: name.trim(), address: address.trim(), motto: motto.trim() },
      { onSuccess: () => notifications.show({ color: "green", message: "School details saved" }) },
    );
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="school-details">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4" id="school-details">
            School details
          </Title>
          <Text size="sm" c="dimmed">
            Printed at the top of every report card and result slip, and at the start of messages to guardians.
          </Text>
          <TextInput label="School name" placeholder="e.g. Adesua JHS" value={name} maxLength={120} onChange={(e) => setName(e.currentTarget.value)} />
          <Textarea
            label="Address"
            placeholder="e.g. P.O. Box 12, Kumasi"
            autosize
            minRows={2}
            maxLength={300}
            value={address}
            onChange={(e) => setAddress(e.currentTarget.value)}
          />
          <TextInput label="Motto" placeholder="e.g. Knowledge is light" value={motto} maxLength={200} onChange={(e) => setMotto(e.currentTarget.value)} />
          <FormError error={save.error ? errorText(save.error, "Could not save the school's details") : null} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save school details
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The crest: a preview of the one in use, a new .png/.jpg (≤ 2 MB), or none. */
function CrestForm({ school }: { school: School }) {
  const upload = useUploadCrest();
  const remove = useRemoveCrest();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const choose = (f: File | null) => {
    setFile(f);
    setProblem(crestProblem(f));
    upload.reset();
  };
  const send = () => {
    if (!file || problem) return;
    upload.mutate(file, {
      onSuccess: () => {
        notifications.show({ color: "green", message: "Crest saved" });
        setFile(null);
      },
    });
  };
  const error =
    problem ??
    (upload.error ? errorText(upload.error, "Could not save the crest") : remove.error ? errorText(remove.error, "Could not remove the crest") : null);
  // A new crest has a new name or size: the preview is fetched again.
  const version = school.crest ? encodeURIComponent(`${school.crest.name}-${school.crest.size}`) : "";
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="school-crest">
      <Stack>
        <Title order={2} size="h4" id="school-crest">
          Crest
        </Title>
        <Group align="flex-start" wrap="wrap" gap="md">
          <Paper withBorder w={120} h={120} radius="sm" p={4} bg="gray.0" aria-label={preview ? "The chosen crest" : "The school's crest"}>
            {preview ? (
              <img src={preview} alt="The chosen crest" style={{ width: "100%", height: "100%", objectFit: "contain", display: "block" }} />
            ) : school.crest ? (
              <ProtectedImage path={`/school/crest?v=${version}`} alt="The school's crest" failedText="The crest could not be shown." fit resolve={crestSrc} />
            ) : (
              <Text size="sm" c="dimmed" ta="center" mt={40}>
                No crest
              </Text>
            )}
          </Paper>
          <Stack gap="xs" style={{ flex: 1, minWidth: 200 }}>
            {school.crest && !preview && (
              <Text size="sm">
                In use: {school.crest.name} ({formatBytes(school.crest.size)})
              </Text>
            )}
            <FileInput
              label="New crest"
              description=".png or .jpg, at most 2 MB"
              placeholder="Choose an image"
              accept="image/png,image/jpeg"
              value={file}
              onChange={choose}
              clearable
            />
            <Group gap="xs" wrap="wrap">
              <Button onClick={send} disabled={!file || !!problem} loading={upload.isPending}>
                Upload crest
              </Button>
              {school.crest && (
                <Button
                  variant="light"
                  color="red"
                  loading={remove.isPending}
                  onClick={() => remove.mutate(undefined, { onSuccess: () => notifications.show({ color: "green", message: "Crest removed" }) })}
                >
                  Remove crest
                </Button>
              )}
            </Group>
          </Stack>
        </Group>
        <FormError error={error} />
      </Stack>
    </Paper>
  );
}

/** /admin/dashboard/school: the school's name, address, motto and crest, and how it grades (issue 28). */
export function SchoolPage() {
  const school = useSchool();
  return (
    <Stack maw={900}>
      <PageHeader title="School" subtitle="What report cards and result slips print, and how the school grades." />
      {school.isPending && <Skeleton height={300} />}
      {school.isError && (
        <ErrorState
          message={errorText(school.error, "Failed to load the school's settings")}
          onRetry={() => void school.refetch()}
          retrying={school.isFetching}
        />
      )}
      {school.data && (
        <>
          <ProfileForm school={school.data} />
          <CrestForm school={school.data} />
          <AssessmentForm school={school.data} />
        </>
      )}
    </Stack>
  );
}
