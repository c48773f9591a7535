/** /publicSchedule?token=…: one schedule, read-only, for anyone holding a public link. */
export default function PublicSchedulePage() {
  return null;
}
