export const COURSE_MESSAGES = {
  title: "Title is required",
  titleTooLong: "Title must be at most 200 characters",
  descriptionTooLong: "Description must be at most 5000 characters",
  teacher: "Please select a teacher",
  notATeacher: "The selected user is not a teacher",
  teacherNotFound: "The selected teacher does not exist",
  editOwnOnly: "You can only edit courses you teach",
} as const;
