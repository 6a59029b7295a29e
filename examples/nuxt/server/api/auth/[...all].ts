import { toNuxtHandler } from "@gatehouse-auth/core/nuxt";
import { auth } from "../../utils/auth";

export default toNuxtHandler(auth);
