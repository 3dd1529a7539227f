import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Badge, Button, Group, NativeSelect, NumberInput, Paper, ScrollArea, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { ListSkeleton } from "@/components/list-skeleton";
import { errorText } from "@/lib/api";
import { useQueryParams } from "@/lib/use-query-params";
import { FETCH_FAILED, groupId, useGroups, type BankGroup } from "../api/bank";
import { subjectIcon } from "../lib/subject-icon";

type Props = {
  /** Where Read and Take Quiz lead: "/students/dashboard/past-questions" or "…/questions". */
  readBase: string;
  /** Take Quiz's address base; none when this role may not take one (teachers). */
  attemptBase?: string;
  /** Extra actions on a group (admin: Delete). */
  actions?: (g: BankGroup) => ReactNode;
};

/** The groups of the bank (year, subject, section) with the spec's search, filters, per-page and time-limit inputs, cards/table toggle, refresh and clear all. */
export function GroupsView({ readBase, attemptBase, actions }: Props) {
  const [params, update] = useQueryParams();
  const search = params.get("search") ?? "";
  const year = Number(params.get("year")) || undefined;
  const subject = params.get("subject") ?? "";
  const section = params.get("section") ?? "";
  const perPage = Math.min(50, Math.max(1, Number(params.get("perPage")) || 5));
  const timeLimit = Math.min(300, Math.max(0, Number(params.get("timeLimit") ?? 30) || 0));
  const view = params.get("view") === "table" ? "table" : "cards";
  const [draft, setDraft] = useState(search);
  const groups = useGroups({ search: search || undefined, year, subject: subject || undefined, section: section || undefined });
  const list = groups.data?.groups ?? [];
  const q = `?perPage=${perPage}&timeLimit=${timeLimit}`;

  const buttons = (g: BankGroup) => (
    <Group gap={6} wrap="wrap">
      <Button
        size="xs"
        variant="light"
        component={Link}
        to={`${readBase}/read/${groupId(g)}${q}`}
        aria-label={`Read ${g.subject} ${g.year} section ${g.section}`}
      >
        Read
      </Button>
      {attemptBase && (
        <Button size="xs" component={Link} to={`${attemptBase}/${groupId(g)}${q}`} aria-label={`Take Quiz ${g.subject} ${g.year} section ${g.section}`}>
          Take Quiz
        </Button>
      )}
      {actions?.(g)}
    </Group>
  );

  return (
    <Stack>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          update({ search: draft.trim() || null });
        }}
      >
        <Group align="flex-end" wrap="wrap" gap="xs">
          <TextInput
            label="Search"
            placeholder="Search questions"
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            miw={180}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default">
            Search
          </Button>
        </Group>
      </form>
      <Group wrap="wrap" gap="xs" align="flex-end">
        <TextInput
          label="Year"
          inputMode="numeric"
          w={90}
          defaultValue={year ?? ""}
          key={`y${year}`}
          onBlur={(e) => update({ year: /^\d{4}$/.test(e.currentTarget.value) ? e.currentTarget.value : null })}
        />
        <TextInput
          label="Subject"
          w={140}
          defaultValue={subject}
          key={`s${subject}`}
          onBlur={(e) => update({ subject: e.currentTarget.value.trim() || null })}
        />
        <NativeSelect
          label="Section"
          w={90}
          data={[{ value: "", label: "All" }, "A", "B"]}
          value={section}
          onChange={(e) => update({ section: e.currentTarget.value || null })}
        />
        <NumberInput label="Questions per page" w={150} min={1} max={50} value={perPage} onChange={(v) => update({ perPage: String(v || 5) })} />
        <NumberInput label="Time limit (minutes)" w={150} min={0} max={300} value={timeLimit} onChange={(v) => update({ timeLimit: String(v ?? 0) })} />
      </Group>
      <Group gap="xs" wrap="wrap">
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(v) => update({ view: v === "table" ? "table" : null })}
          data={[
            { value: "cards", label: "Cards" },
            { value: "table", label: "Table" },
          ]}
        />
        <Button variant="default" onClick={() => void groups.refetch()} loading={groups.isFetching && !groups.isPending}>
          Refresh
        </Button>
        <Button
          variant="subtle"
          onClick={() => {
            setDraft("");
            update({ search: null, year: null, subject: null, section: null });
          }}
        >
          Clear all
        </Button>
      </Group>

      {groups.isPending && <ListSkeleton />}
      {groups.isError && <ErrorState message={errorText(groups.error, FETCH_FAILED)} onRetry={() => void groups.refetch()} retrying={groups.isFetching} />}
      {groups.data && list.length === 0 && (
        <EmptyState title="No questions found" message={search || year || subject || section ? "Try clearing the filters." : "The bank is empty."} />
      )}
      {list.length > 0 && (
        <ScrollArea.Autosize mah="96vh" type="auto">
          {view === "cards" ? (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {list.map((g) => (
                <Paper key={groupId(g)} withBorder p="sm" component="article" aria-label={`${g.subject} ${g.year} section ${g.section}`}>
                  <Stack gap={6}>
                    <Group gap={8} wrap="nowrap">
                      <Text size="xl" aria-hidden>
                        {subjectIcon(g.subject)}
                      </Text>
                      <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                        {g.subject}
                      </Text>
                    </Group>
                    <Group gap={6}>
                      <Badge variant="light">{g.year}</Badge>
                      <Badge variant="light" color="grape">
                        Section {g.section}
                      </Badge>
                      <Badge variant="outline" color="gray">
                        {g.count} questions
                      </Badge>
                    </Group>
                    {buttons(g)}
                  </Stack>
                </Paper>
              ))}
            </SimpleGrid>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Subject</Table.Th>
                    <Table.Th>Year</Table.Th>
                    <Table.Th>Section</Table.Th>
                    <Table.Th>Questions</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((g) => (
                    <Table.Tr key={groupId(g)}>
                      <Table.Td>
                        <span aria-hidden>{subjectIcon(g.subject)} </span>
                        {g.subject}
                      </Table.Td>
                      <Table.Td>{g.year}</Table.Td>
                      <Table.Td>{g.section}</Table.Td>
                      <Table.Td>{g.count}</Table.Td>
                      <Table.Td>{buttons(g)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
