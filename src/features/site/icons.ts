import type { IconType } from "react-icons";
import {
  LuCode,
  LuLightbulb,
  LuMegaphone,
  LuPalette,
  LuServer,
  LuShieldCheck,
  LuTarget,
  LuTrendingUp,
  LuUsers,
  LuZap,
} from "react-icons/lu";
import type { ServiceId, ValueIcon } from "../../content/shared";

export const serviceIcons: Record<ServiceId, IconType> = {
  "web-app-development": LuCode,
  "digital-marketing": LuMegaphone,
  "brand-strategy": LuPalette,
  "it-solutions": LuServer,
};

export const valueIcons: Record<ValueIcon, IconType> = {
  growth: LuTrendingUp,
  team: LuUsers,
  speed: LuZap,
  idea: LuLightbulb,
  shield: LuShieldCheck,
  target: LuTarget,
};
