export {
  checkReusableImages,
  countStoredBytes,
  type ImageDeps,
  releaseImages,
  removeSingleImage,
  replaceSingleImage,
  storeFarmerImage,
} from './image-ledger';
