import type {Hono} from 'hono';
import type {AppEnv} from '../auth/index.js';
import type {Quotations} from '../quotations/index.js';
import type {Configurator} from './configurator.js';
import {registerEffectsRoutes} from './effects-routes.js';
import {registerFeatureDataRoutes} from './features-data.js';
import {registerV2Routes} from './v2-routes.js';
import {registerV3Routes} from './v3-routes.js';
import {registerVersionedRoutes} from './versioned-routes.js';

/** Every configurator path of every generation (images are public and registered apart). */
export function registerConfiguratorRoutes(
  app: Hono<AppEnv>,
  configurator: Configurator,
  quotations: Quotations,
): void {
  registerV3Routes(app, configurator);
  registerEffectsRoutes(app, configurator);
  registerV2Routes(app, configurator, quotations);
  registerFeatureDataRoutes(app, configurator);
  registerVersionedRoutes(app, configurator, quotations);
}
