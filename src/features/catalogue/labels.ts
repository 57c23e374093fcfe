/** Bookings' and Subscriptions' confirmations (the journeys assert them word for word). */
export const CANCEL_BOOKING_QUESTION = "Are you sure you want to cancel this booking?";
/** Worded like the spec's other confirmations. */
export const END_SUBSCRIPTION_QUESTION = "Are you sure you want to end this subscription?";
