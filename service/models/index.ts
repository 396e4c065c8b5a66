export {findModel, sampleModels} from './catalog.js';
export {generateLargeModel} from './large-model.js';
export {
  LargeModelNodesError,
  largeModel,
  maxLargeModelNodes,
  servedModels,
} from './served-models.js';
