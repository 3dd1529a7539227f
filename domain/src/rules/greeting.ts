/** Greeting by time of day: before 12 morning, before 17 afternoon, otherwise evening. */
export function greetingFor(date: Date): string {
  const h = date.getHours();
  if (h < 12) return "Good morning";
  if (h < 17) return "Good afternoon";
  return "Good evening";
}
