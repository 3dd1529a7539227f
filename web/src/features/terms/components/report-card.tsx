import { Box, Divider, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { School, StudentReport, TermReports } from "@adesua/domain";
import { buildUrl } from "@/lib/api";
import { tokenStore } from "@/lib/storage";
import { ProtectedImage } from "@/components/protected-image";
import { dayText, ordinalText, scoreText } from "./report-format";

/** The crest is served with the session only: fetched with the token and shown from memory. */
async function crestSrc(path: string, signal: AbortSignal): Promise<string> {
  const token = tokenStore.get();
  const res = await fetch(buildUrl(path), { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
  if (!res.ok) throw new Error(`crest ${res.status}`);
  return URL.createObjectURL(await res.blob());
}

function Line({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Text size="sm">
      <Text span size="sm" fw={600}>
        {label}:{" "}
      </Text>
      {value || "—"}
    </Text>
  );
}

/**
 * One student's terminal report as the printed card shows it: the school's name, crest, address and motto; the
 * subjects with class score, exam score, total, position, grade and remark; the overall position; attendance,
 * conduct, interest, the two remarks and (third term) promotion.
 */
export function ReportCard({ school, term, student }: { school: School | undefined; term: TermReports["term"]; student: StudentReport }) {
  const name = school?.name || "Adesua";
  return (
    <Box
      data-testid="report-card"
      p="md"
      style={{
        border: "1px solid var(--mantine-color-gray-5)",
        borderRadius: 4,
        background: "white",
        color: "black",
        width: "100%",
        maxWidth: 794,
        minWidth: 0,
        margin: "0 auto",
      }}
    >
      <Stack gap="xs">
        <Group justify="center" gap="md" wrap="nowrap" align="center">
          {school?.crest && (
            <Box w={64} h={64} style={{ flex: "none" }}>
              <ProtectedImage path="/school/crest" alt={`${name} crest`} failedText="" fit resolve={crestSrc} />
            </Box>
          )}
          <Stack gap={0} align="center" ta="center">
            <Title order={2} size="h3">
              {name}
            </Title>
            {school?.address && <Text size="sm">{school.address}</Text>}
            {school?.motto && (
              <Text size="sm" fs="italic">
                {school.motto}
              </Text>
            )}
            <Text fw={700} mt={4}>
              Terminal report · {term.name}
            </Text>
          </Stack>
        </Group>
        <Divider />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={2}>
          <Line label="Name" value={student.name} />
          <Line label="Class" value={student.class} />
          <Line label="Position in class" value={student.overallPosition ? `${ordinalText(student.overallPosition)} out of ${student.classSize}` : "—"} />
          <Line label="Total / average" value={`${scoreText(student.total)} / ${scoreText(student.average)}`} />
        </SimpleGrid>
        <div style={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label="Subjects (scrolls sideways on a phone)">
          <Table withTableBorder withColumnBorders verticalSpacing={2} horizontalSpacing={6} fz="sm" miw={520} aria-label={`Subjects of ${student.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Subject</Table.Th>
                <Table.Th scope="col">Class score ({term.classWeight})</Table.Th>
                <Table.Th scope="col">Exam score ({term.examWeight})</Table.Th>
                <Table.Th scope="col">Total (100)</Table.Th>
                <Table.Th scope="col">Position</Table.Th>
                <Table.Th scope="col">Grade</Table.Th>
                <Table.Th scope="col">Remark</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {student.subjects.map((s) => (
                <Table.Tr key={s.subjectId}>
                  <Table.Th scope="row" fw={500}>
                    {s.name}
                  </Table.Th>
                  <Table.Td>{scoreText(s.classScore)}</Table.Td>
                  <Table.Td>{scoreText(s.examScore)}</Table.Td>
                  <Table.Td fw={600}>{scoreText(s.total)}</Table.Td>
                  <Table.Td>{ordinalText(s.position)}</Table.Td>
                  <Table.Td>{s.grade ?? "—"}</Table.Td>
                  <Table.Td>{s.remark || "—"}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={2}>
          <Line
            label="Attendance"
            value={student.attendance.present === null ? null : `${student.attendance.present} out of ${student.attendance.outOf ?? "—"} days`}
          />
          <Line label="Conduct" value={student.conduct} />
          <Line label="Interest" value={student.interest} />
          {term.number === 3 && <Line label="Promotion" value={student.promotion} />}
          <Line label="Next term begins" value={term.nextTermBegins ? dayText(term.nextTermBegins) : null} />
        </SimpleGrid>
        <Line label="Class teacher's remarks" value={student.teacherRemark} />
        <Line label="Head teacher's remarks" value={student.headRemark} />
      </Stack>
    </Box>
  );
}
