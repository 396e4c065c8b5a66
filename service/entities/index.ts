export type {EntityModel} from './entity-model.js';
export {storedModels} from './models.js';
