import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Badge, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
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
        {/* Plain number fields: the student list stays light (no NumberInput). */}
        {(
          [
            { name: "perPage", key: "p", label: "Questions per page", description: undefined, min: 1, max: 50, empty: 5, value: perPage },
            { name: "timeLimit", key: "t", label: "Time limit (minutes)", description: "0 for no limit", min: 0, max: 300, empty: 0, value: timeLimit },
          ] as const
        ).map((n) => (
          <TextInput
            label={n.label}
            description={n.description}
            type="number"
            min={n.min}
            max={n.max}
            w={150}
            defaultValue={n.value}
            key={`${n.key}${n.value}`}
            onBlur={(e) => update({ [n.name]: String(Math.min(n.max, Math.max(n.min, Number(e.currentTarget.value) || n.empty))) })}
          />
        ))}
      </Group>
      <Group gap="xs" wrap="wrap">
        <Button.Group aria-label="View">
          <Button variant={view === "cards" ? "filled" : "default"} aria-pressed={view === "cards"} onClick={() => update({ view: null })}>
            Cards
          </Button>
          <Button variant={view === "table" ? "filled" : "default"} aria-pressed={view === "table"} onClick={() => update({ view: "table" })}>
            Table
          </Button>
        </Button.Group>
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
        // The spec's list of at most 96 units (24rem) that scrolls by itself; focusable so a keyboard can scroll it.
        <div tabIndex={0} role="region" aria-label="Question groups" style={{ maxHeight: "24rem", overflowY: "auto", padding: 2 }}>
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
            <div style={{ overflowX: "auto" }}>
              <table style={{ width: "100%", minWidth: 480, borderCollapse: "collapse" }}>
                <thead>
                  <tr style={{ textAlign: "left" }}>
                    <th>Subject</th>
                    <th>Year</th>
                    <th>Section</th>
                    <th>Questions</th>
                    <th>Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((g) => (
                    <tr key={groupId(g)} style={{ borderTop: "1px solid var(--mantine-color-gray-3)" }}>
                      <td>
                        <span aria-hidden>{subjectIcon(g.subject)} </span>
                        {g.subject}
                      </td>
                      <td>{g.year}</td>
                      <td>{g.section}</td>
                      <td>{g.count}</td>
                      <td style={{ padding: "6px 0" }}>{buttons(g)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </Stack>
  );
}
