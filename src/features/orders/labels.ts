/** My Orders and the services with none (not in the spec: worded for this page). */
export const NO_ORDERS = "No orders yet";
export const NO_ORDERS_TEXT =
  "Choose a service below and press Order Service: your orders and their status appear here.";
export const NO_SERVICES = "No services available right now";
export const NO_SERVICES_TEXT = "We are updating our services. Contact us and we will help with what you need.";

/** A first load that failed, where the list would be (with Retry): shown empty, it would invite ordering again. */
export const ORDERS_NOT_LOADED = "Your orders could not be loaded.";
export const SERVICES_NOT_LOADED = "The services could not be loaded.";

/** The confirmation before a client takes back a pending order (the journey asserts it by name). */
export const CANCEL_ORDER_QUESTION = "Are you sure you want to cancel this order?";
