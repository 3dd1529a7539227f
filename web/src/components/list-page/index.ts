// The list-page kit's light half (no Table): the four states and the pager, cards, filters kept in state or the address.
// The table half (DataTable, useWideScreen) is imported from "./data-table" by staff pages only.
export { ListBody, type EmptyProps, type ListPager, type ListQuery } from "./list-body";
export { CardList } from "./card-list";
export { pageParam, useListFilters } from "./use-list-filters";
