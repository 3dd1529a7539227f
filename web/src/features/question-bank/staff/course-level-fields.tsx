import { NativeSelect } from "@mantine/core";
import { STUDENT_TYPES } from "@adesua/domain/constants";
import type { CourseListResponse } from "@adesua/domain";

type Props = {
  /** The course picker's query (useCoursePicker). */
  courses: { isPending: boolean; data?: CourseListResponse };
  courseId: string;
  onCourseId: (v: string) => void;
  level: string;
  onLevel: (v: string) => void;
  /** Course marked required (the upload screen). */
  required?: boolean;
};

/** Which course and student level a new quiz is for: the two pickers of Upload Quiz and Use in a quiz. */
export function CourseLevelFields({ courses, courseId, onCourseId, level, onLevel, required }: Props) {
  return (
    <>
      <NativeSelect
        label="Course"
        required={required}
        value={courseId}
        onChange={(e) => onCourseId(e.currentTarget.value)}
        data={[
          { value: "", label: courses.isPending ? "Loading..." : "Choose a course" },
          ...(courses.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.title })),
        ]}
      />
      <NativeSelect
        label="Student level"
        value={level}
        onChange={(e) => onLevel(e.currentTarget.value)}
        data={STUDENT_TYPES.map((t) => ({ value: t, label: t.toUpperCase() }))}
      />
    </>
  );
}
