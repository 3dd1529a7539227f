export { FileUpload } from "./file-upload";
export { useFileUpload, type FileUpload as FileUploadState, type FileUploadOptions, type SendFile } from "./use-file-upload";
