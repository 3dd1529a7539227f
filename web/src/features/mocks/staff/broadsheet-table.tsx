import { Badge, Table, Text } from "@mantine/core";
import type { MockResults } from "@adesua/domain";
import { num } from "../components/mock-text";

const sticky = { position: "sticky", left: 0, zIndex: 1, background: "var(--mantine-color-body)" } as const;

/** The broadsheet: students × subjects (score and grade), total, aggregate and position; the name column stays while it scrolls. */
export function BroadsheetTable({ results }: { results: MockResults }) {
  const subjects = results.subjects;
  const showChange = results.previous !== null;
  return (
    <Table.ScrollContainer minWidth={360 + subjects.length * 110} type="native" tabIndex={0} role="region" aria-label="Broadsheet (scrolls sideways)">
      <Table striped withTableBorder withColumnBorders verticalSpacing={4} aria-label="Broadsheet" style={{ whiteSpace: "nowrap" }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" style={sticky}>
              Student
            </Table.Th>
            <Table.Th scope="col">Class</Table.Th>
            {subjects.map((s) => (
              <Table.Th key={s.name} scope="col" title={s.name}>
                {s.name}
                {s.core ? "" : " *"}
              </Table.Th>
            ))}
            <Table.Th scope="col">Total</Table.Th>
            <Table.Th scope="col">Aggregate</Table.Th>
            <Table.Th scope="col">Position</Table.Th>
            {showChange && <Table.Th scope="col">Change</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.students.map((st) => (
            <Table.Tr key={st.studentId} data-testid="broadsheet-row">
              <Table.Th scope="row" fw={500} style={sticky}>
                {st.name}
                {st.incomplete && (
                  <Badge display="block" w="fit-content" mt={2} size="xs" color="orange" variant="light">
                    Incomplete
                  </Badge>
                )}
              </Table.Th>
              <Table.Td>{st.class}</Table.Td>
              {subjects.map((s) => {
                const r = st.subjects.find((x) => x.name === s.name);
                return (
                  <Table.Td key={s.name} data-subject={s.name}>
                    {r?.score === null || r === undefined ? (
                      <Text span c="orange.8" size="sm">
                        missing
                      </Text>
                    ) : (
                      <>
                        {num(r.score)}{" "}
                        <Text span fw={700}>
                          ({r.grade})
                        </Text>
                      </>
                    )}
                  </Table.Td>
                );
              })}
              <Table.Td>{num(st.total)}</Table.Td>
              <Table.Td fw={700} data-testid="aggregate">
                {st.aggregate ?? "—"}
              </Table.Td>
              <Table.Td data-testid="position">{st.position ?? "—"}</Table.Td>
              {showChange && (
                <Table.Td c={st.change === null ? undefined : st.change < 0 ? "green.8" : st.change > 0 ? "red.8" : undefined}>
                  {st.change === null ? "—" : st.change < 0 ? `${-st.change} better` : st.change > 0 ? `${st.change} worse` : "same"}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
