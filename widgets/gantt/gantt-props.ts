/** The gantt widget's props (props.schema.json), defaults filled in. */
export interface GanttProps {
  scheduleId?: number;
  scheduleName?: string;
  branchTaskId?: number;
  showCritical: boolean;
}
