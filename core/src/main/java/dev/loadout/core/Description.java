package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * The {@code description} a typed tool's schema gives a property (on a record component) or an object or enum (on
 * a record or enum type). A model reads it, so say what the value means and what a good one looks like.
 *
 * @see TypedTool
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.TYPE})
public @interface Description {

  /** The description; never blank. */
  String value();
}
