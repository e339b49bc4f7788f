package dev.loadout.tools.web;

import dev.loadout.core.ToolResult;
import dev.loadout.core.net.SafeHttpException;

/**
 * Why an engine produced no page: a {@link ToolResult.Failure} carried as an exception so the engine chain
 * can move on to the next engine. The message is the failure's, already safe for users.
 */
final class FetchUrlFailure extends Exception {
  private static final long serialVersionUID = 1L;
  private final transient ToolResult.Failure failure;

  FetchUrlFailure(String code, String message, boolean retryable) {
    super(message, null, false, false);
    this.failure = ToolResult.failure(code, message, retryable);
  }

  ToolResult.Failure failure() {
    return failure;
  }

  /** Maps the pinned client's codes onto {@code fetch_url}'s; the client's messages name the host at most. */
  static FetchUrlFailure of(SafeHttpException e) {
    switch (e.code()) {
      case SafeHttpException.URL_REFUSED:
        return new FetchUrlFailure(FetchUrlTool.URL_REFUSED, e.getMessage(), false);
      case SafeHttpException.BODY_TOO_LARGE:
        return new FetchUrlFailure(FetchUrlTool.TOO_LARGE, e.getMessage(), false);
      case SafeHttpException.CONNECT_TIMEOUT:
      case SafeHttpException.READ_TIMEOUT:
      case SafeHttpException.DEADLINE_EXCEEDED:
        return new FetchUrlFailure(FetchUrlTool.TIMEOUT, e.getMessage(), true);
      default:
        return new FetchUrlFailure(FetchUrlTool.FETCH_FAILED, e.getMessage(), e.retryable());
    }
  }
}
