export {findModel, sampleDefinitions, sampleModels} from './catalog.js';
export {generateLargeModel, type LargeModelOptions} from './large-model.js';
export {officeChair} from './office-chair.js';
export {standingDesk} from './standing-desk.js';
export {eBike} from './e-bike.js';
export {
  LargeModelNodesError,
  largeModel,
  maxLargeModelNodes,
  servedModels,
} from './served-models.js';
