import { TASK_STATUSES } from "../../../common/domain";
import { TASK_STATUS_LABELS } from "./labels";

/** The four task statuses as a select's options, in their order: wherever a status is chosen or filtered on. */
export const TASK_STATUS_OPTIONS = TASK_STATUSES.map((status) => (
  <option key={status} value={status}>
    {TASK_STATUS_LABELS[status]}
  </option>
));
