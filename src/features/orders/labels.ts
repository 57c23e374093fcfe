/** The confirmation before a client takes back a pending order (the journey asserts it by name). */
export const CANCEL_ORDER_QUESTION = "Are you sure you want to cancel this order?";
