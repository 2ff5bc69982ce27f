export * from "./users";
export * from "./customers";
export * from "./bookings";
export * from "./service";
export * from "./protocols";
export * from "./system";
export * from "./invoices";
export * from "./refrigerant";
