export {findModel, sampleModels} from './catalog.js';
export {
  LargeModelNodesError,
  largeModel,
  maxLargeModelNodes,
  servedModels,
} from './served-models.js';
