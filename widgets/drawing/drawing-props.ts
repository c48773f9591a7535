/** The drawing widget's props (props.schema.json), defaults filled in. */
export interface DrawingProps {
  sheetNumber?: string;
  revisionId?: number;
  showMarkups: boolean;
  caption?: string;
}
