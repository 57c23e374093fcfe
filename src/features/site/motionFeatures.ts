import { domAnimation } from "framer-motion";

/**
 * framer-motion's animation features, split from `m` components so they load
 * after the page is interactive (see Reveal's LazyMotion).
 */
export default domAnimation;
