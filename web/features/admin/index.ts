/** Back-office building blocks shared by every `/quan-tri` section. */
export { AdminPage, type Crumb } from "./admin-page";
export { DataTable, ListToolbar, Pager, type DataColumn, type ToolbarFilter } from "./data-table";
export { StatusBadge, type StatusTone } from "./status-badge";
export { ConfirmButton } from "./confirm-button";
export { FlashMessage, withNotice, NOTICE_PARAM } from "./flash";
export { AdminLinkList, type AdminLink } from "./link-list";
